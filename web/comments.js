// SPDX-License-Identifier: Apache-2.0
// A board's comments (the `comments` of the board JSON): the list, sending one, and
// reporting someone else's to the administrators (POST /api/comments/{id}/report, with an
// optional reason; docs/community.md).  The report form that is open, what is typed in it
// and the comments reported stay across the redraws of live updates.
// Shares `app`, `api` and the helpers of app.js, play.js and community.js.
'use strict';

const commentReports = {
  open: null,        // the id of the comment whose report form is open
  sent: new Set(),   // ids of the comments reported from this page
};

// "after turn 5" (turns, as the move list counts them), or "before the first turn".
function afterTurnWords(comment) {
  return comment.after_turn ? t('after turn {n}', { n: formatNumber(comment.after_turn) }) : t('before the first turn');
}

// A signed-in player may report a comment of someone else.
function canReport(comment) {
  return Boolean(app.token) && comment.user !== app.user && Number.isInteger(comment.id);
}

function reportButton(comment) {
  const button = el('button', { type: 'button', cls: 'comment-report-button', text: t('Report'),
    // TRANSLATORS: {when} is "after turn 5" or "before the first turn"
    'aria-label': t('Report the comment of {user} {when}', { user: comment.user, when: afterTurnWords(comment) }) });
  button.addEventListener('click', () => {
    commentReports.open = comment.id;
    renderComments(app.board);
    $(`report-reason-${comment.id}`)?.focus();
  });
  return button;
}

function reportForm(comment, reason) {
  const id = `report-reason-${comment.id}`;
  const input = el('input', { id, maxlength: '500', placeholder: t('spam, abuse, ...') });
  input.value = reason;
  const cancel = el('button', { type: 'button', text: t('Cancel') });
  cancel.addEventListener('click', () => {
    commentReports.open = null;
    renderComments(app.board);
  });
  const form = el('form', { cls: 'comment-report-form', 'data-comment': String(comment.id) },
    el('label', { for: id, text: t("Why report {user}'s comment? (optional)", { user: comment.user }) }), input,
    el('div', { cls: 'button-row' }, el('button', { type: 'submit', cls: 'danger', text: t('Send the report') }), cancel),
    el('p', { cls: 'message', role: 'alert', id: `report-error-${comment.id}` }));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(`report-error-${comment.id}`, '');
    try {
      await api('POST', `/api/comments/${comment.id}/report`, { reason: input.value.trim() });
    } catch (e) {
      say(`report-error-${comment.id}`, e.message);
      return;
    }
    commentReports.sent.add(comment.id);
    commentReports.open = null;
    renderComments(app.board);
    $(`report-done-${comment.id}`)?.focus();
  });
  return form;
}

function reportControls(comment, reason) {
  if (!canReport(comment)) return null;
  if (commentReports.sent.has(comment.id)) {
    return el('p', { cls: 'comment-report-done', id: `report-done-${comment.id}`, role: 'status', tabindex: '-1',
      text: t('Reported: the administrators will look at it.') });
  }
  return commentReports.open === comment.id ? reportForm(comment, reason) : reportButton(comment);
}

function renderComments(board) {
  $('comments-box').hidden = !board.board;  // a loose analysis has no board to comment on
  $('comment-count').textContent = board.comments.length ? `(${board.comments.length})` : '';
  // A redraw keeps what is typed in the open report form, and its focus.
  const typing = document.activeElement?.id?.startsWith('report-reason-') ? document.activeElement.id : null;
  const reason = commentReports.open === null ? '' : ($(`report-reason-${commentReports.open}`)?.value ?? '');
  $('comments').replaceChildren(...board.comments.map((c) => el('li', { 'data-comment': String(c.id) },
    el('strong', { text: c.user }), ' ', el('span', { cls: 'muted small', text: afterTurnWords(c) }),
    el('br'), el('span', { cls: 'comment-text', text: c.text }),
    reportControls(c, reason))));
  if (typing) $(typing)?.focus();
  $('comment-form').hidden = !app.token;
}

function bindComments() {
  $('comment-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = $('comment-text').value.trim();
    if (!text) return;
    $('comment-text').value = '';
    await boardAction('comment', { text });
    $('comments-box').open = true;
  });
}

document.addEventListener('DOMContentLoaded', bindComments);
