// SPDX-License-Identifier: Apache-2.0
// The BOT badge beside a bot account's name (docs/bots.md): an outside engine plays it, its
// boards are never rated.  The board's players, the lobby's offers and the player page show it.
'use strict';

function botBadge() {
  // TRANSLATORS: the badge beside a bot account's name; most languages keep "BOT"
  return el('span', { cls: 'bot-badge', text: t('BOT'), title: t('A bot: an outside engine plays this account (never rated)') });
}

// `node` followed by the badge when `bot` (for a list of children: spread the result).
function withBotBadge(node, bot) {
  return bot ? [node, ' ', botBadge()] : [node];
}
