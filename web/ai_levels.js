// SPDX-License-Identifier: Apache-2.0
// The computer players' measured strength beside their names (issue 59): the catalog carries
// each game's ratings of the AI levels on its default board (ai_levels, from
// data/ai-ratings.json, measured by `ludus ladder`, docs/ai.md), and an opponent list shows
// "Computer: medium ≈ 1450" for the game chosen.  A level without a finite rating keeps its
// name.
'use strict';

// Labels the ai:... options of `select` with their ratings in the catalog entry `game`
// (undefined: no game chosen yet).
function labelAiLevels(select, game) {
  const ratings = new Map((game?.ai_levels || []).map((l) => [l.level, l.rating]));
  for (const option of select.options) {
    if (!option.value.startsWith('ai:')) continue;
    option.dataset.label ??= option.textContent;
    const rating = ratings.get(option.value);  // null: above a step it swept, no number
    option.textContent = rating == null ? option.dataset.label : `${option.dataset.label} ≈ ${rating}`;
    option.title = rating == null ? '' : t('Rating measured against the other levels (beginner = 1000)');
  }
}
