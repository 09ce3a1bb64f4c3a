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
// Unknown games get the generic defaults of MctsConfig.
struct Profile {
  std::string_view game;
  bool rave;
  double exploration;
};
constexpr Profile kProfiles[] = {
    {"ndengrod", false, 0.4},
    {"n-mesh", false, 0.4},
    {"netted", true, 0.1},
    {"trellis", true, 0.1},
    {"epoxy", false, 0.4},
};

}  // namespace

MctsConfig with_game_profile(const MctsConfig& config, const std::string& game) {
  MctsConfig out = config;
  for (const Profile& p : kProfiles) {
    if (p.game != game) continue;
    if (!config.rave_chosen) out.rave = p.rave;
    if (!config.exploration_chosen) out.exploration = p.exploration;
  }
  return out;
}

}  // namespace ludus::ai
