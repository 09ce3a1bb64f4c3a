// SPDX-License-Identifier: Apache-2.0
// The page in the reader's language (docs/translating.md).  The catalogue comes from
// GET /api/page-text: the language the user chose (kept in localStorage as ludus.language),
// else the one the browser's Accept-Language asks for.  English is the source: a text without
// a translation shows as written.
//   t('Sign in')                              a text of the page
//   t('{user} invites you', { user })         with values put in ({name} places)
//   tn('{n} turn', '{n} turns', count)        a count, its form chosen by Intl.PluralRules
//   formatNumber(n), formatDate(seconds, options), formatList(items)   in the page's language (Intl)
// xgettext finds the texts of t() and tn() in web/*.js (cmake/i18n.cmake); a comment
// starting "TRANSLATORS:" just before one reaches the translators.  The texts of index.html
// are translated where they stand (translatePage), found by the rule of
// tools/i18n/html_strings.py: runs of text and the attributes of TEXT_ATTRIBUTES, white
// space folded, nothing inside an element marked translate="no"; an element marked
// data-i18n-parts is one text whose child elements are numbered tags (partsText).
'use strict';

const TEXT_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];
const LANGUAGE_KEY = 'ludus.language';
const ENGLISH_PLURALS = new Intl.PluralRules('en');  // the source's: a message not translated

const i18n = {
  language: 'en',
  dir: 'ltr',
  plurals: ['one', 'other'],
  messages: {},
  languages: [{ language: 'en', name: 'English', dir: 'ltr' }],
  pluralRules: new Intl.PluralRules('en'),
  // The language the user chose on this browser ('' = the browser's).
  chosen: localStorage.getItem(LANGUAGE_KEY) || '',
  ready: null,
};

const foldSpace = (text) => text.replace(/\s+/g, ' ').trim();

function fillIn(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function t(text, values) {
  const translated = i18n.messages[text];
  return fillIn(typeof translated === 'string' && translated ? translated : text, values);
}

// {n} in the form is the count written in the page's language.
function tn(singular, plural, count, values) {
  const forms = i18n.messages[singular];
  const filled = { n: formatNumber(count), ...values };
  if (!Array.isArray(forms)) return fillIn(ENGLISH_PLURALS.select(count) === 'one' ? singular : plural, filled);
  let index = i18n.plurals.indexOf(i18n.pluralRules.select(count));
  if (index < 0) index = i18n.plurals.indexOf('other');
  return fillIn(forms[index] || forms[forms.length - 1], filled);
}

function formatNumber(n, options) {
  return new Intl.NumberFormat(i18n.language, options).format(n);
}

// "a, b and c" in the page's language.
function formatList(items) {
  return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items.map(String));
}

// `seconds` since the epoch (the API's times), with Intl.DateTimeFormat's options.
function formatDate(seconds, options) {
  return new Intl.DateTimeFormat(i18n.language, options).format(new Date(seconds * 1000));
}

function translateElement(node) {
  for (const name of TEXT_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value) {
      const translated = t(foldSpace(value));
      if (translated !== foldSpace(value)) node.setAttribute(name, translated);
    }
  }
}

// "Find opponents in the <0>lobby</0>.": an element's text with its child elements as
// numbered tags (each child holds text only).
function partsText(element) {
  let k = 0;
  return foldSpace([...element.childNodes].map((node) => (node.nodeType === Node.ELEMENT_NODE
    ? `<${k}>${node.textContent}</${k++}>` : node.nodeType === Node.TEXT_NODE ? node.data : '')).join(''));
}

// The translation of a data-i18n-parts element: its own child elements, moved where the
// translation puts them, with their translated text (as text: a translation makes no markup).
function translateParts(element) {
  const text = partsText(element);
  const translated = t(text);
  if (translated === text) return;
  const children = [...element.children];
  const nodes = [];
  let at = 0;
  for (const match of translated.matchAll(/<(\d+)>(.*?)<\/\1>/g)) {
    if (match.index > at) nodes.push(document.createTextNode(translated.slice(at, match.index)));
    const child = children[Number(match[1])];
    if (child) {
      child.textContent = match[2];
      nodes.push(child);
    }
    at = match.index + match[0].length;
  }
  if (at < translated.length) nodes.push(document.createTextNode(translated.slice(at)));
  element.replaceChildren(...nodes);
}

// The texts of `root` (the whole page by default) in the page's language.
function translatePage(root = document.documentElement) {
  if (i18n.language === 'en') return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node.nodeType === Node.ELEMENT_NODE) {
        if (node.getAttribute('translate') === 'no' || node.tagName === 'SCRIPT' || node.tagName === 'STYLE')
          return NodeFilter.FILTER_REJECT;
        if (node.hasAttribute('data-i18n-parts')) {
          for (const element of [node, ...node.children]) translateElement(element);
          translateParts(node);
          return NodeFilter.FILTER_REJECT;
        }
        return NodeFilter.FILTER_ACCEPT;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      translateElement(node);
      continue;
    }
    const text = foldSpace(node.data);
    if (!text) continue;
    const translated = t(text);
    if (translated === text) continue;
    // The spaces around a run of text keep it apart from its neighbours.
    const before = /^\s/.test(node.data) ? ' ' : '';
    const after = /\s$/.test(node.data) ? ' ' : '';
    node.data = before + translated + after;
  }
}

function applyCatalogue(catalogue) {
  i18n.language = catalogue.language;
  i18n.dir = catalogue.dir === 'rtl' ? 'rtl' : 'ltr';
  i18n.plurals = catalogue.plurals;
  i18n.messages = catalogue.messages;
  i18n.languages = catalogue.languages;
  i18n.pluralRules = new Intl.PluralRules(catalogue.language);
  document.documentElement.lang = i18n.language;
  document.documentElement.dir = i18n.dir;
  translatePage();
}

// Keeps `language` ('' = the browser's) as this browser's choice and shows the page in it.
function chooseLanguage(language) {
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
  else localStorage.removeItem(LANGUAGE_KEY);
  window.location.reload();
}

// The language kept in the user's account (GET /api/me "language"), when it is not this
// browser's choice: it becomes this browser's, and the page is shown in it.
function followAccountLanguage(me) {
  if (me && me.language && me.language !== i18n.chosen) chooseLanguage(me.language);
}

// Started at once (scripts run before DOMContentLoaded): app.js's start() waits for it.  The
// page stays in English if the catalogue cannot be had.
i18n.ready = fetch(`/api/page-text${i18n.chosen ? `?lang=${encodeURIComponent(i18n.chosen)}` : ''}`,
                   { headers: { Accept: 'application/json' } })
  .then((response) => (response.ok ? response.json() : null))
  .then((catalogue) => new Promise((resolve) => {
    const apply = () => {
      if (catalogue) applyCatalogue(catalogue);
      resolve();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', apply);
    else apply();
  }))
  .catch(() => {});
