// SPDX-License-Identifier: Apache-2.0
// Whether a form's board may be rated, as the server decides (POST /api/board-spec: only a
// game's standard options are rated, docs/ratings.md): the New game, open challenge and
// tournament forms untick and disable their Rated box with the server's reason as their
// options change, and a form sent before the answer waits for it.  Shares the helpers of
// app.js and community.js.
'use strict';

// Whether the form PREFIX (its PREFIX-game select, PREFIX-options, PREFIX-rated box and
// PREFIX-rated-note) makes a board that may be rated, as the server decides (POST
// /api/board-spec: only a game's standard options are rated).  When it may not, the box is
// unticked and disabled and the note says why; when it may again, the box is as it was.
async function checkRated(prefix) {
  const box = $(`${prefix}-rated`);
  const note = $(`${prefix}-rated-note`);
  const game = $(`${prefix}-game`).value;
  if (!box || !note || !game) return;
  const asked = (checkRated.asked[prefix] || 0) + 1;
  checkRated.asked[prefix] = asked;
  let spec;
  try {
    spec = await api('POST', '/api/board-spec', { game, options: readOptions($(`${prefix}-options`)) });
  } catch (e) {
    if (checkRated.asked[prefix] === asked) note.textContent = e.status === 400 ? e.message : '';
    return;
  }
  if (checkRated.asked[prefix] !== asked) return;  // a later check answers
  if (!spec.rated_possible && !box.disabled) box.dataset.wanted = box.checked ? 'yes' : 'no';
  if (spec.rated_possible && box.disabled) box.checked = box.dataset.wanted !== 'no';
  box.disabled = !spec.rated_possible;
  if (box.disabled) box.checked = false;
  note.textContent = spec.rated_possible ? '' : `Unrated: ${spec.unrated_reason}.`;
}
checkRated.asked = {};
checkRated.timers = {};  // a check waiting for the typing to pause, by form

// Before a form is sent: the Rated box as the server's answer for the options now leaves it.
// False when that answer has just unticked a ticked box (options changed a moment ago): the
// note and the form's message `messageId` say why, and nothing is created until the player
// sends the form again, unrated.
async function ratedSettled(prefix, messageId) {
  const box = $(`${prefix}-rated`);
  const wanted = box.checked;
  clearTimeout(checkRated.timers[prefix]);  // this check is the latest: its answer counts
  await checkRated(prefix);
  if (!wanted || box.checked) return true;
  say(messageId, `${$(`${prefix}-rated-note`).textContent} ${t('Send the form again to play unrated.')}`);
  return false;
}

// Checks the form PREFIX's Rated box whenever its game or an option changes.
function bindRatedCheck(prefix) {
  const soon = () => {
    clearTimeout(checkRated.timers[prefix]);
    checkRated.timers[prefix] = setTimeout(() => checkRated(prefix), 150);  // after the options are drawn anew
  };
  $(`${prefix}-game`).addEventListener('change', soon);
  $(`${prefix}-options`).addEventListener('input', soon);
  $(`${prefix}-options`).addEventListener('change', soon);
}
