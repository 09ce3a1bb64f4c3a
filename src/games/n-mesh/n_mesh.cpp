#include "games/n-mesh/n_mesh.h"

#include <cctype>
#include <cstdint>

#include <fmt/format.h>

#include "core/ascii_board.h"
#include "core/board_symmetry.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/registry.h"
#include "core/rules_documents.h"

namespace ludus::nmesh {
namespace {

const GameInfo kInfo{
    .name = "n-mesh",
    .title = "N-Mesh",
    .colours = {"black", "white"},
    .options = {OptionSpec::integer("size", 6, 3, kMaxSize, "board size n (n x n cells)")},
    .summary = "Place stones; once a stone is cut off from every empty shaded cell, fewer enmeshed stones wins",
    .rules = rules_document("n-mesh"),
    .pie = {.offered = true, .option = ""},
    // Measured at equal time (100 ms a move, one thread, 6x6, seats alternating): RAVE
    // (c = 0.1, traced AMAF: no board view, 2x slower playouts) against UCT (c = 0.4) 40%
    // (24/60).
    .search = {.rave = false, .exploration = 0.4, .guided_playouts = false},
    .bench_boards = {{{"size", "3"}}, {}, {{"size", "11"}}, {{"size", "19"}}},
    .may_draw = false,
};

const bool kRegistered = register_game({&kInfo, [](const Options& o) {
                                          return std::make_shared<const NMeshGame>(o);
                                        }});

Board liberty_cells(const Geometry& geometry, int n) {
  Board b;
  for (int s = 0; s < geometry.num_sites(); ++s)
    if (is_liberty_cell(n, geometry.coord(s).col, geometry.coord(s).row)) b.set(s);
  return b;
}

}  // namespace

bool is_liberty_cell(int n, int col, int row) {
  const int k = (n - 1) % 5 == 0 ? 1 : 0;
  return (col + 2 * row + k) % 5 == 0;
}

NMeshGame::NMeshGame(const Options& options)
    : Game(kInfo, options),
      n_(options.get_int("size")),
      geometry_(Geometry::square(n_, n_)),
      tables_(EnmeshTables::build(n_, liberty_cells(geometry_, n_))) {
  // The fast test relies on the geometry's column-major site order: bit c*n + r.
  for (int s = 0; s < geometry_.num_sites(); ++s)
    if (geometry_.coord(s).col * n_ + geometry_.coord(s).row != s) throw LudusError("n-mesh: unexpected site order");
}

std::vector<std::vector<int>> NMeshGame::board_symmetries() const {
  std::vector<std::vector<int>> kept;
  for (auto& perm : lattice_symmetries(geometry_)) {
    bool keeps_shading = true;
    for (int s = 0; s < geometry_.num_sites(); ++s) keeps_shading = keeps_shading && is_liberty(s) == is_liberty(perm[s]);
    if (keeps_shading) kept.push_back(std::move(perm));
  }
  return kept;
}

std::unique_ptr<State> NMeshGame::new_initial_state() const { return std::make_unique<NMeshState>(*this); }

NMeshState::NMeshState(const NMeshGame& game) : State(game), mesh_game_(&game) {}

std::unique_ptr<NMeshState> NMeshState::from_diagram(const NMeshGame& game, const std::vector<std::string>& rows,
                                                     int to_move) {
  const int n = game.size();
  if (static_cast<int>(rows.size()) != n) throw LudusError(fmt::format("diagram needs {} rows", n));
  auto state = std::make_unique<NMeshState>(game);
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(rows[i].size()) != n) throw LudusError(fmt::format("diagram row '{}' needs {} cells", rows[i], n));
    for (int c = 0; c < n; ++c) {
      char ch = static_cast<char>(std::tolower(static_cast<unsigned char>(rows[i][c])));
      if (ch != 'x' && ch != 'o') continue;
      state->stones_[ch == 'x' ? kBlack : kWhite].set(game.geometry().site_at(n - 1 - i, c));
      ++state->plies_;
    }
  }
  state->to_move_ = to_move;
  return state;
}

int NMeshState::stone_at(int site) const {
  if (stones_[kBlack].test(site)) return kBlack;
  if (stones_[kWhite].test(site)) return kWhite;
  return kEmpty;
}

void NMeshState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const EnmeshTables& t = mesh_game_->tables();
  t.cells.and_not(stones_[kBlack] | stones_[kWhite]).for_each([&](int site) { out.push_back(site); });
  if (swap_allowed()) out.push_back(mesh_game_->swap_action());
}

bool NMeshState::is_legal(Action action) const {
  if (is_terminal()) return false;
  if (action == mesh_game_->swap_action()) return swap_allowed();
  return action >= 0 && action < mesh_game_->swap_action() && stone_at(action) == kEmpty;
}

void NMeshState::apply(Action action) {
  if (action == mesh_game_->swap_action()) convert_first_stone();
  else place(action);
}

// The end test runs after every placement: any enmeshed stone ends the game.
void NMeshState::place(int site) {
  const int mover = to_move_;
  stones_[mover].set(site);
  ++plies_;
  const std::array<Board, 2> enmeshed_now = enmeshed();
  if (enmeshed_now[kBlack].any() || enmeshed_now[kWhite].any()) {
    // Counted only at the end: without a popcount instruction counting is not cheap.
    std::array<int, 2> counts{enmeshed_now[kBlack].count(), enmeshed_now[kWhite].count()};
    final_counts_ = counts;
    if (counts[kBlack] != counts[kWhite])
      winner_ = counts[kBlack] < counts[kWhite] ? kBlack : kWhite;
    else
      winner_ = 1 - mover;  // a tie loses for the player who just moved
  }
  to_move_ = 1 - mover;
}

// The pie: Black's only stone becomes White's; the seats stay, Black moves next, and
// there is no end test (one stone is enmeshed or not whatever its colour).
void NMeshState::convert_first_stone() {
  stones_[kWhite] = stones_[kBlack];
  stones_[kBlack].clear();
  ++plies_;
  to_move_ = kBlack;
}

std::string NMeshState::action_to_text(Action action) const {
  if (action == mesh_game_->swap_action()) return "swap";
  return mesh_game_->geometry().name(action);
}

Action NMeshState::parse_action(std::string_view text) const {
  const std::string move = normalize_move_text(text);
  if (is_terminal()) throw_illegal(text, "the game is over");
  switch (move_word(move)) {
    case MoveWord::Swap:
      if (!swap_allowed()) throw_illegal(text, "swap is only allowed as move 2 (White's first turn)");
      return mesh_game_->swap_action();
    case MoveWord::Pass: throw_illegal(text, "there is no pass in N-Mesh");
    case MoveWord::Resign: throw_illegal(text, "resign is not a board move");
    case MoveWord::None: break;
  }
  std::string error;
  int site = mesh_game_->geometry().parse(move, &error);
  if (site < 0) throw_illegal(text, error);
  if (stone_at(site) != kEmpty) {
    // On White's first turn, naming Black's stone is another way to write `swap`.
    if (swap_allowed() && stone_at(site) == kBlack) return mesh_game_->swap_action();
    throw_illegal(text, "occupied");
  }
  return site;
}

std::string NMeshState::end_reason() const {
  if (!is_terminal()) return {};
  const auto& c = final_counts_;
  std::string counts = fmt::format("enmeshed stones: black {}, white {}", c[kBlack], c[kWhite]);
  if (c[kBlack] != c[kWhite]) return counts;
  return counts + fmt::format("; the tie loses for {}, who moved last", game().colour_name(1 - winner_));
}

std::string NMeshState::render() const {
  std::array<Board, 2> marked{};
  if (is_terminal()) marked = enmeshed();
  std::string board = render_square_board(mesh_game_->geometry(), [&](int site) -> std::string {
    int stone = stone_at(site);
    if (stone == kEmpty) return mesh_game_->is_liberty(site) ? "+" : ".";
    const char* glyphs = marked[stone].test(site) ? "XO" : "xo";
    return std::string(1, glyphs[stone]);
  });
  return board + "x black  o white  + empty liberty  . empty" + (is_terminal() ? "  X O enmeshed" : "") + "\n";
}

// Allocation-free: a shuffled-out list of the empty cells replaces legal_actions().
int NMeshState::random_playout(Rng& rng) {
  std::array<int16_t, kMaxSize * kMaxSize> empties;
  int count = 0;
  mesh_game_->tables().cells.and_not(stones_[kBlack] | stones_[kWhite]).for_each([&](int site) {
    empties[count++] = static_cast<int16_t>(site);
  });
  while (!is_terminal()) {
    uint32_t pick;
    if (swap_allowed()) {
      pick = rng.below(static_cast<uint32_t>(count + 1));  // the pie is one more choice
      if (pick == static_cast<uint32_t>(count)) {
        convert_first_stone();
        continue;
      }
    } else {
      pick = rng.below(static_cast<uint32_t>(count));
    }
    int site = empties[pick];
    empties[pick] = empties[--count];
    place(site);
  }
  return winner_;
}

}  // namespace ludus::nmesh
