#include "ai/game_profiles.h"

#include <string_view>

namespace ludus::ai {
namespace {

// Measured at equal time (100 ms a move, one thread, default boards, seats alternating;
// "RAVE" is RAVE with c = 0.1 against plain UCT with c = 0.4):
//   game       RAVE vs UCT          AMAF source      choice
//   ndengrod   45% (45/100 games)   board            UCT   (AMAF work halves the speed)
//   n-mesh     40% (24/60)          traced           UCT   (no board view; 2x slower playouts)
//   netted     65% (89/140)         board / traced   RAVE
//   trellis    100% (60/60)         board            RAVE  (pairs of stones: AMAF is decisive)
//   epoxy      55% (33/60)          traced           UCT   (no clear gain; slides, no board view)
// Guided playouts (Ndengrod: take a win in one, else block; about half the playouts/s,
// 20-30% fewer iterations/s), same setting, guided against uniform, 95% interval:
//   ndengrod hexhex 5          61.5% (123/200) [54.6, 68.0]   guided
//   ndengrod trapezoid 7       68.5% (137/200) [61.8, 74.5]   guided
//   ndengrod hexhex 5, RAVE    73% (73/100) [63.6, 80.7]      (both with board AMAF)
// Ndengrod RAVE (c = 0.1) against UCT (c = 0.4), both guided, re-measured: hexhex 5 47%
// (47/100) [37.5, 56.7], trapezoid 7 59% (59/100) [49.2, 68.1]: no clear gain, UCT stays.
// Unknown games get the generic defaults of MctsConfig.
struct Profile {
  std::string_view game;
  bool rave;
  double exploration;
  bool guided;  // MctsConfig::guided_playouts
};
constexpr Profile kProfiles[] = {
    {"ndengrod", false, 0.4, true},
    {"n-mesh", false, 0.4, false},
    {"netted", true, 0.1, false},
    {"trellis", true, 0.1, false},
    {"epoxy", false, 0.4, false},
};

}  // namespace

MctsConfig with_game_profile(const MctsConfig& config, const std::string& game) {
  MctsConfig out = config;
  for (const Profile& p : kProfiles) {
    if (p.game != game) continue;
    if (!config.rave_chosen) out.rave = p.rave;
    if (!config.exploration_chosen) out.exploration = p.exploration;
    if (!config.playout_chosen) out.guided_playouts = p.guided;
  }
  return out;
}

}  // namespace ludus::ai
