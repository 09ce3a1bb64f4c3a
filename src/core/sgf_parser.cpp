// SPDX-License-Identifier: Apache-2.0
#include "core/sgf_parser.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace ludus {
namespace {

bool is_line_break(char ch) { return ch == '\n' || ch == '\r'; }

// "\r\n" and "\n\r" are one line break: the length of the break starting at text[i].
size_t line_break_length(std::string_view text, size_t i) {
  const bool pair = i + 1 < text.size() && is_line_break(text[i + 1]) && text[i + 1] != text[i];
  return pair ? 2 : 1;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::vector<SgfTree> collection() {
    std::vector<SgfTree> trees;
    skip_space();
    if (at_end()) fail("no game tree (SGF starts with '(')");
    while (!at_end()) {
      if (peek() != '(') fail("expected '(' to start a game tree, found " + shown(peek()));
      ++pos_;
      trees.push_back(tree());
      skip_space();
    }
    return trees;
  }

 private:
  // One game tree, its opening '(' already read.  Iterative, so that deep nesting of
  // variations cannot overflow the stack.
  SgfTree tree() {
    SgfTree root;
    std::vector<SgfTree*> open{&root};
    sequence(root);
    for (;;) {
      skip_space();
      if (at_end()) fail("game tree not closed by ')'");
      const char ch = peek();
      if (ch == ')') {
        ++pos_;
        open.pop_back();
        if (open.empty()) return root;
      } else if (ch == '(') {
        if (open.size() >= static_cast<size_t>(kMaxSgfDepth))
          fail("variations nested deeper than " + std::to_string(kMaxSgfDepth));
        ++pos_;
        // The parent's earlier variations are closed, so growing its vector moves no open tree.
        SgfTree& child = open.back()->variations.emplace_back();
        open.push_back(&child);
        sequence(child);
      } else if (ch == ';') {
        fail("a node after a variation (nodes of a tree come before its variations)");
      } else {
        fail("expected '(' or ')', found " + shown(ch));
      }
    }
  }

  void sequence(SgfTree& tree) {
    skip_space();
    if (at_end() || peek() != ';')
      fail("expected ';' to start a node, found " + (at_end() ? std::string("the end") : shown(peek())));
    while (!at_end() && peek() == ';') {
      ++pos_;
      tree.sequence.push_back(node());
      skip_space();
    }
  }

  SgfNode node() {
    SgfNode node;
    for (;;) {
      skip_space();
      if (at_end() || peek() == ';' || peek() == '(' || peek() == ')') return node;
      if (!std::isalpha(static_cast<unsigned char>(peek())))
        fail("expected a property identifier, found " + shown(peek()));
      const size_t start = pos_;
      SgfProperty property = this->property();
      if (node.find(property.id)) fail_at(start, "property " + property.id + " twice in one node");
      node.properties.push_back(std::move(property));
    }
  }

  SgfProperty property() {
    const size_t start = pos_;
    SgfProperty property;
    while (!at_end() && std::isalpha(static_cast<unsigned char>(peek()))) {
      if (std::isupper(static_cast<unsigned char>(peek()))) property.id += peek();
      ++pos_;
    }
    if (property.id.empty()) fail_at(start, "property identifier without an upper-case letter");
    skip_space();
    if (at_end() || peek() != '[') fail("property " + property.id + " has no value");
    while (!at_end() && peek() == '[') {
      property.values.push_back(value(property.id));
      skip_space();
    }
    return property;
  }

  // One value, from its '['.
  std::string value(const std::string& id) {
    const size_t open = pos_++;
    std::string out;
    while (!at_end()) {
      const char ch = text_[pos_];
      if (ch == ']') {
        ++pos_;
        return out;
      }
      if (ch == '\\' && pos_ + 1 < text_.size()) {
        ++pos_;
        if (is_line_break(text_[pos_])) {
          pos_ += line_break_length(text_, pos_);  // soft line break
          continue;
        }
      }
      out += text_[pos_++];
    }
    fail_at(open, "value of property " + id + " not closed by ']'");
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++pos_;
  }

  static std::string shown(char ch) {
    if (std::isprint(static_cast<unsigned char>(ch))) return std::string("'") + ch + "'";
    static const char* hex = "0123456789abcdef";
    const auto byte = static_cast<unsigned char>(ch);
    return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 15];
  }

  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }
  [[noreturn]] void fail_at(size_t offset, const std::string& what) const {
    offset = std::min(offset, text_.size());
    const std::string_view before = text_.substr(0, offset);
    const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    const size_t line_start = before.rfind('\n');
    const size_t column = offset - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
    throw LudusError("bad SGF: " + what + " (line " + std::to_string(line) + ", column " + std::to_string(column) +
                     ")");
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const auto& property : properties)
    if (property.id == id) return &property;
  return nullptr;
}

std::vector<SgfTree> parse_sgf(std::string_view text) { return Parser(text).collection(); }

std::vector<const SgfNode*> main_line(const SgfTree& tree) {
  std::vector<const SgfNode*> nodes;
  for (const SgfTree* t = &tree; t; t = t->variations.empty() ? nullptr : &t->variations.front())
    for (const auto& node : t->sequence) nodes.push_back(&node);
  return nodes;
}

std::string sgf_escape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\\' || ch == ']') out += '\\';
    out += ch;
  }
  return out;
}

std::string sgf_simple_text(std::string_view value) {
  std::string out;
  for (size_t i = 0; i < value.size(); ++i) {
    if (is_line_break(value[i])) {
      i += line_break_length(value, i) - 1;
      out += ' ';
    } else {
      out += std::isspace(static_cast<unsigned char>(value[i])) ? ' ' : value[i];
    }
  }
  return out;
}

}  // namespace ludus
