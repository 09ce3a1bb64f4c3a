// SPDX-License-Identifier: Apache-2.0
#include "ai/game_profiles.h"

#include <string>

namespace ludus::ai {

// The record of v2, whose values were the measured best on 2026-11-27; later changes are
// made in latest_game_profile, with their measurements.
SearchProfile v2_game_profile(const GameInfo& game) {
  const std::string& name = game.name;
  if (name == "n-mesh") {
    // Measured at equal time (100 ms a move, one thread, 6x6, seats alternating): RAVE
    // (c = 0.1, traced AMAF: no board view, 2x slower playouts) against UCT (c = 0.4) 40%
    // (24/60).  Learned priors (6x6) against the same search without them (profile=v1),
    // 100 ms a move, 200 games: 57.0% [50.1%, 63.7%].  Guided playouts (no placement that
    // loses at once while another remains) against uniform ones, 200 games: 95.5% [91.7%,
    // 97.6%] at 100 ms a move, 77.8% of 400 at 2000 iterations; at 100 ms against
    // profile=v1 at 1 s: 86.5% [81.1%, 90.6%] (docs/ai.md).
    return {.rave = false, .exploration = 0.4, .guided_playouts = true, .priors = true};
  }
  if (name == "netted") {
    // Measured at equal time (100 ms a move, one thread, limping 5, seats alternating): RAVE
    // (c = 0.1) against UCT (c = 0.4) 65% (89/140).  Guided playouts (net at once when an
    // opposing region is one edge from death, else keep the own region off that edge)
    // against uniform ones: 60.0% of 200 games at 2000 and at 8000 iterations a move, at
    // 100 ms 53.8% of 400 and 51.5% of 200: a clear gain per iteration, none measurable
    // per second, never worse (docs/ai.md).  No exploration term beside RAVE (c = 0, as
    // Fuego and MoHex): against c = 0.1 63.0% [56.1%, 69.4%] of 200 games at 100 ms.
    // Learned priors, trained on today's medium self-play (data/priors/netted.txt), against
    // none at 100 ms: 58.5% and 56.0% of 200 games each, together 57.3% [52.4%, 62.0%] of
    // 400 (the earlier file, learnt from the first generation's games: 51.5% of 200).
    // Retrained with the lines and tactics groups (netting, region margins), against that
    // file: 55.8% [50.9%, 60.5%] of 400.
    // RAVE bias 0.0001 (AMAF counts longer) against 0.002 at 100 ms: 59.5% and 54.5% of 200
    // games each, together 57.0% [52.1%, 61.8%] of 400 (0.00002: 54.0%; 0.0005: 52.0% of
    // 400; 0.01: 44.0% of 200).
    // Implicit minimax backups of the lead in room (NettedState::win_estimate) weighed 0.1
    // in selection, against none at 100 ms: 62.0% and 63.0% of 200 games, together 62.5%
    // [57.7%, 67.1%] of 400 (the flatter scale 0.3: 58.5% and 49.0%; 1.0: 51.5%; the
    // weights 0.05 and 0.3 at the scale 0.3: 50.0%, 50.5%).  Against v1 at 1 s it took the
    // goal match from 40% of 100 to 58% of 200.
    return {.rave = true,
           .exploration = 0.0,
           .rave_bias = 0.0001,
           .guided_playouts = true,
           .priors = true,
           .minimax_weight = 0.1};
  }
  if (name == "trellis") {
    // Measured at equal time (100 ms a move, one thread, 15x15, seats alternating): RAVE
    // (c = 0.1, board AMAF) against UCT (c = 0.4) 100% (60/60): with pairs of stones a
    // turn, AMAF is decisive.  Guided playouts (a broken bridge is restored,
    // trellis_bridges.h; playouts about 2x slower) against uniform ones, 200 games: 58.0%
    // [51.1%, 64.6%] at 100 ms a move (docs/ai.md).  No exploration term beside RAVE
    // (c = 0, as Fuego and MoHex): against c = 0.1 73.5% [64.1%, 81.2%] of 100 games at
    // 100 ms, against c = 0.03 59.5% [49.7%, 68.6%].
    return {.rave = true, .exploration = 0.0, .guided_playouts = true, .patterns_turn_freely = false};
  }
  if (name == "ndengrod") {
    // Measured at equal time (100 ms a move, one thread, default boards, seats alternating):
    // RAVE (c = 0.1) against UCT (c = 0.4) 45% (45/100; the AMAF work halves the speed).
    // Guided playouts (take a win in one, else block; about half the playouts/s) against
    // uniform: hexhex 5 61.5% (123/200) [54.6, 68.0], trapezoid 7 68.5% (137/200)
    // [61.8, 74.5]; RAVE and UCT both guided, re-measured: hexhex 5 47% [37.5, 56.7],
    // trapezoid 7 59% [49.2, 68.1]: no clear gain, UCT stays.  Learned priors (hexhex 5)
    // against the same search without them (profile=v1), 100 ms a move, 200 games: 55.0%
    // [48.1%, 61.7%]; at 2000 iterations a move 61.5%.  RAVE (board AMAF, now branch-free)
    // with a small exploration term against UCT (c = 0.4), both with guided playouts and
    // priors, 100 ms a move, hexhex 5, 200 games: c = 0.05 61.0% [54.1%, 67.5%], c = 0
    // 64.0% [57.1%, 70.3%]; c = 0 falls into a deep trap of the solver tests
    // (mcts_solver_test.cpp) that c = 0.05 sees.  Priors retrained from self-play at 6000
    // iterations a move of today's search (data/priors/ndengrod.txt) against the earlier
    // file, 100 ms, 200 games each: 56.0% and 60.0%, together 58.0% [53.1%, 62.7%] of 400.
    // Implicit minimax backups of the lead in open lines (NdengrodState::win_estimate)
    // weighed 0.1, against none at 100 ms, 200 games each: 56.5% and 49.0%, together 52.8%
    // [47.9%, 57.6%] of 400 (the scale 0.02: 49.5%, 0.1: 50.0%); against v1 at ten times
    // the time, 50.3% of 300 games against 45.0% without it on the same seeds (docs/ai.md).
    return {.rave = true, .exploration = 0.05, .guided_playouts = true, .priors = true, .minimax_weight = 0.1};
  }
  if (name == "epoxy") {
    // Measured at equal time (100 ms a move, one thread, xs, seats alternating): RAVE
    // (c = 0.1, traced AMAF: slides, no board view) against UCT (c = 0.4) 55% (33/60), no
    // clear gain: UCT.  Playouts cut after 25 actions and judged by exclusive points
    // (EpoxyState::guided_playout) against whole random ones: 80.0% and 79.0% of 100 games
    // each (cut after 20: 79.0%, 30: 81.0%, 40: 58.0%, 60: 50.0%; docs/ai.md).  Learned
    // priors (data/priors/epoxy.txt, from self-play at 4000 iterations a move) against none
    // at 100 ms: 59.0% of 100 and 53.0% of 200 games (pw = 3), 53.0% and 56.5% of 200 with
    // pw = 6 and 1.5: together 54.9% [51.2%, 58.5%] of 700, a small gain.  Retrained with
    // the lines and tactics groups (slide or placement, exclusive points gained), against
    // that file: 61.0% [56.1%, 65.7%] of 400.  Exclusive points also judge every new node,
    // backed up by minimax and weighed 0.1 in selection (EpoxyState::win_estimate; w = 0.3
    // lost 43%): 58.0% and 63.0% of 200 at 100 ms against none, 60.5% [55.6%, 65.2%] of 400.
    // The playout passes each second action: 61.5% of 200 against uniform second actions
    // (against v1 at ten times the time no gain showed; docs/ai.md).  The cut is judged by
    // the score (placements and slides) since: against v1 at ten times the time 61.7% of
    // 300, 42.0% with exclusive points.
    return {.rave = false, .exploration = 0.4, .guided_playouts = true, .priors = true, .minimax_weight = 0.1};
  }
  return {};
}

SearchProfile latest_game_profile(const GameInfo& game) {
  SearchProfile profile = v2_game_profile(game);
  if (game.name == "ndengrod") {
    // At 10 ms a move (a few hundred iterations) the lead in open lines is worth more than
    // the playouts say: weighed 0.7 it scored 72% of 100 games against v2 (0.3: 64%,
    // 0.5: 65%, 0.85: 57%, 1: 52%), and with the priors weighed 12 (v2: 3) 79%.  At 100 ms
    // that weight lost (0.7: 35% of 100), so it decays with a move's visits, w * 30 / (30 +
    // n): 77% of 100 at 10 ms and 61% at 100 ms (decay 100: 75% and 62%; 300: 70% at
    // 10 ms).  With tv=4 below, against v2 in 200 games: 73.5% at 10 ms (75% as the second
    // player), 61.5% with swap off, 62.5% at 100 ms (docs/ai.md, "Ndengrod at 10 ms").
    profile.minimax_weight = 0.7;
    profile.minimax_decay = 30;
    profile.prior_weight = 12;
    // Wins by threats read in the tree from a node's 4th visit (v2: 16): 65% of 100 alone
    // against v2 at 10 ms, and with swap off 63% of 100 against the profile above.
    profile.threat_visits = 4;
    // The latest search also reads its own priors, learnt from its play at 100 ms
    // (data/priors/ndengrod-100ms-teacher.txt, `generation latest`), with swap=off too
    // (PriorWeights::for_game): against v2 at 10 ms 70.9% of 800 games with the swap and
    // 71.0% without it (docs/ai.md, "Priors learnt from the latest search at 100 ms").
  }
  return profile;
}

SearchProfile game_profile(const GameInfo& game, SearchGeneration generation) {
  switch (generation) {
    case SearchGeneration::kV1: return v1_game_profile(game);
    case SearchGeneration::kV2: return v2_game_profile(game);
    case SearchGeneration::kLatest: break;
  }
  return latest_game_profile(game);
}

MctsConfig with_game_profile(const MctsConfig& config, const SearchProfile& profile) {
  MctsConfig out = config;
  if (!config.rave_chosen) out.rave = profile.rave;
  if (!config.exploration_chosen) out.exploration = profile.exploration;
  if (!config.rave_bias_chosen) out.rave_bias = profile.rave_bias;
  if (!config.playout_chosen) out.guided_playouts = profile.guided_playouts;
  if (!config.minimax_chosen) out.minimax_weight = profile.minimax_weight;
  if (!config.prior_weight_chosen) out.prior_weight = profile.prior_weight;
  if (!config.minimax_decay_chosen) out.minimax_decay = profile.minimax_decay;
  if (!config.threat_visits_chosen) out.threat_visits = profile.threat_visits;
  if (!config.tempo_chosen) out.tempo = profile.tempo;
  if (config.priors == "auto") out.priors = profile.priors ? "on" : "off";
  return out;
}

MctsConfig with_game_profile(const MctsConfig& config, const GameInfo& game) {
  return with_game_profile(config, game_profile(game, config.generation));
}

// The values below are a record, not defaults: change them never (a new generation gets
// its own table).  tests/ai/spec_parser_test.cpp checks each one.
MctsConfig v1_config(const MctsConfig& config) {
  MctsConfig v1 = config;
  v1.generation = SearchGeneration::kV1;
  v1.exploration = 0.4;
  v1.rave = true;
  v1.amaf_source = AmafSource::kAuto;
  v1.rave_bias = 0.002;
  v1.solver = true;
  v1.first_play_urgency = 1.0;
  v1.expand_threshold = 2;
  v1.guided_playouts = false;
  v1.root_check_budget = 200000;
  v1.threat_budget = 0;  // the threat search came after v1
  v1.opening_table = false;  // so did the tables of first moves
  v1.pie_by_value = false;   // and the swap decided by the value of declining
  v1.minimax_weight = 0;     // and the implicit minimax backups
  v1.parallelism = Parallelism::kTree;
  v1.max_nodes = int64_t{1} << 23;
  v1.reuse_tree = true;
  v1.priors = "off";  // learned priors came after v1
  v1.prior_weight = 1.0;
  v1.prior_visits = 16;
  v1.time_extension = 1.0;  // v1 never ran past its share of a game budget
  return v1;
}

SearchProfile v1_game_profile(const GameInfo& game) {
  const std::string& name = game.name;
  SearchProfile v1;
  if (name == "n-mesh" || name == "epoxy") v1 = {.rave = false, .exploration = 0.4, .guided_playouts = false};
  else if (name == "ndengrod") v1 = {.rave = false, .exploration = 0.4, .guided_playouts = true};
  else if (name == "netted" || name == "trellis") v1 = {.rave = true, .exploration = 0.1, .guided_playouts = false};
  else v1 = v2_game_profile(game);
  v1.rave_bias = 0.002;
  v1.priors = false;
  v1.minimax_weight = 0;
  v1.prior_weight = 1.0;
  return v1;
}

MctsConfig v2_config(const MctsConfig& config) {
  MctsConfig v2 = config;
  v2.generation = SearchGeneration::kV2;
  v2.exploration = 0.4;
  v2.rave = true;
  v2.amaf_source = AmafSource::kAuto;
  v2.rave_bias = 0.002;
  v2.solver = true;
  v2.first_play_urgency = 1.0;
  v2.expand_threshold = 2;
  v2.guided_playouts = false;
  v2.root_check_budget = 200000;
  v2.threat_budget = 60000;
  v2.threat_visits = 16;
  v2.opening_table = true;
  v2.pie_by_value = true;
  v2.minimax_weight = 0;
  v2.parallelism = Parallelism::kTree;
  v2.max_nodes = int64_t{1} << 23;
  v2.reuse_tree = true;
  v2.priors = "auto";  // as the game's v2 profile says
  v2.prior_weight = 3.0;
  v2.prior_visits = 4;
  v2.time_extension = 1.0;
  return v2;
}

}  // namespace ludus::ai
