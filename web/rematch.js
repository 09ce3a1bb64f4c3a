// SPDX-License-Identifier: Apache-2.0
// A rematch from a finished board's page (POST /api/games/N/rematch): the same game, options,
// time limits and rating, the colours swapped.  It is an invitation the other player joins
// or declines (docs/community.md); the board's page shows it to both from the user's offers
// (app.offers, kept by invitationsChanged in lobby.js: each offer names the board it
// repeats as rematch_of).  Shares the helpers of app.js, community.js and play.js.
'use strict';

// The open rematch of `board` (an invitation from or to the user), if any.
function openRematch(board) {
  return (app.offers || []).find((o) => o.rematch_of === board.board && o.kind === 'invitation' && o.status === 'open');
}

// Called by renderActions (play.js) with the board shown.
function renderRematch(board) {
  const box = $('rematch');
  const seat = mySeat(board);
  const shown = Boolean(app.token && board.board && board.outcome && board.latest && !board.analysis && seat >= 0);
  box.hidden = !shown;
  if (!shown) return;
  const offer = openRematch(board);
  const opponent = board.seats[1 - seat];
  const mineAsked = offer && offer.from === app.user;
  const theyAsked = offer && offer.to === app.user;
  $('rematch-button').hidden = Boolean(offer);
  $('rematch-accept').hidden = $('rematch-decline').hidden = !theyAsked;
  $('rematch-withdraw').hidden = !mineAsked;
  // The colours swapped: whoever played second plays first.
  // TRANSLATORS: {colour} is the game's name of a side, e.g. "Black"
  const yours = seat === 1 ? t('{colour}, the first player', { colour: colourName(board.game, board.colours[1 - seat]) })
    : t('{colour}, the second player', { colour: colourName(board.game, board.colours[1 - seat]) });
  if (theyAsked) $('rematch-text').textContent = t('{user} asks for a rematch: the same game and settings; you would play {side}.', { user: offer.from, side: yours });
  else if (mineAsked) $('rematch-text').textContent = t('You asked {user} for a rematch (offer {id}): it starts when they accept.', { user: opponent.user, id: offer.id });
  else $('rematch-text').textContent = t('A rematch: the same game and settings, the colours swapped (you would play {side}).', { side: yours });
}

// After an action: the board that started, or the offers again.
async function rematchDone(reply) {
  await invitationsChanged();
  if (reply && reply.board) {
    location.hash = `#/board/${reply.board}`;
    return;
  }
  if (app.board) renderRematch(app.board);
}

async function rematchAction(request) {
  showError('');
  try {
    await rematchDone(await request());
  } catch (e) {
    showError(e.message);
    await invitationsChanged();
    if (app.board) renderRematch(app.board);
  }
}

function bindRematch() {
  $('rematch-button').addEventListener('click', () => rematchAction(() => api('POST', `/api/games/${app.board.board}/rematch`, {})));
  $('rematch-accept').addEventListener('click', () => rematchAction(() => api('POST', `/api/offers/${openRematch(app.board).id}/join`, {})));
  for (const id of ['rematch-decline', 'rematch-withdraw'])
    $(id).addEventListener('click', () => rematchAction(() => api('POST', `/api/offers/${openRematch(app.board).id}/decline`, {})));
}

document.addEventListener('DOMContentLoaded', bindRematch);
