// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/opening_book.h"

#include <charconv>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "core/data_file.h"
#include "core/embedded_file.h"
#include "core/error.h"
#include "core/text.h"

namespace ludus {
extern const EmbeddedFile kSolvedBooks[];
extern const int kSolvedBooks_count;
}  // namespace ludus

namespace ludus::ai::solver {
namespace {

struct Compiled {
  std::vector<std::pair<std::string, std::unique_ptr<OpeningBook>>> books;
};

const Compiled& compiled() {
  static const Compiled all = [] {
    Compiled c;
    for (int i = 0; i < kSolvedBooks_count; ++i)
      c.books.emplace_back(kSolvedBooks[i].name,
                           std::make_unique<OpeningBook>(OpeningBook::parse(kSolvedBooks[i].text())));
    return c;
  }();
  return all;
}

}  // namespace

OpeningBook OpeningBook::parse(std::string_view text) {
  OpeningBook book;
  for_each_data_line(text, "opening book", [&](const DataLine& line) {
    const auto& w = line.words;
    if (w[0] == "game" && w.size() == 2) {
      book.game_ = w[1];
    } else if (w[0] == "options") {
      book.options_ = parse_option_words(w);
    } else if ((w[0] == "L" || w[0] == "W") && w.size() == 2) {
      uint64_t key = 0;
      const auto [ptr, ec] = std::from_chars(w[1].data(), w[1].data() + w[1].size(), key, 16);
      if (ec != std::errc() || ptr != w[1].data() + w[1].size() || w[1].size() != 16)
        throw LudusError("malformed key");
      book.entries_[key] = w[0] == "W";
    } else {
      throw LudusError(fmt::format("unknown line '{}'", line.text));
    }
  });
  if (book.game_.empty()) throw LudusError("bad opening book: no game line");
  return book;
}

std::string OpeningBook::format(const Game& game, const std::vector<ProofEntry>& entries,
                                const std::vector<std::string>& comment) {
  std::string out = data_file_header(comment, game.name(), game.options().values());
  for (const auto& e : entries) out += fmt::format("{} {:016x}\n", e.mover_wins ? 'W' : 'L', e.key);
  return out;
}

const OpeningBook* OpeningBook::for_game(const Game& game) {
  for (const auto& [name, book] : compiled().books)
    if (book->game_ == game.name() && book->options_ == game.options().values()) return book.get();
  return nullptr;
}

std::vector<std::pair<std::string, const OpeningBook*>> OpeningBook::compiled_in() {
  std::vector<std::pair<std::string, const OpeningBook*>> out;
  for (const auto& [name, book] : compiled().books) out.emplace_back(name, book.get());
  return out;
}

std::optional<bool> OpeningBook::mover_wins(uint64_t key) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

Action book_winning_move(const OpeningBook& book, const ExactKeyer& keyer, const State& state) {
  if (state.is_terminal()) return kNoAction;
  const int mover = state.seat_to_move();
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply(a);
    if (child->is_terminal()) {
      if (child->winning_seat() == mover) return a;
      continue;
    }
    const auto wins = book.mover_wins(keyer.key(*child));
    if (wins && *wins == (child->seat_to_move() == mover)) return a;
  }
  return kNoAction;
}

}  // namespace ludus::ai::solver
