// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/offer_format.h"

#include <fmt/format.h>

#include "core/registry.h"
#include "server/domain/play/board.h"
#include "server/domain/play/board_settings.h"
#include "server/domain/play/board_text.h"

namespace ludus::server {
std::string options_text(const std::map<std::string, std::string>& options) {
  std::string out;
  for (const auto& [name, value] : options) out += (out.empty() ? "" : " ") + name + "=" + value;
  return out;
}

namespace {

std::string seat_phrase(const OfferRecord& offer) {
  switch (offer.seat) {
    case SeatChoice::First: return offer.from + " plays first";
    case SeatChoice::Second: return offer.from + " plays second";
    case SeatChoice::Random: return "seats at random";
  }
  return "";
}

}  // namespace

std::string format_offer(const OfferRecord& offer, const Language& language) {
  const std::string what = offer.kind == OfferKind::Invitation
                               ? fmt::format("{} invites {} to{}", player_label(offer.from, offer.from_bot),
                                             player_label(offer.to.value_or(""), offer.to_bot),
                                             offer.rematch_of ? " a rematch of board " + std::to_string(*offer.rematch_of) + ":"
                                                              : std::string())
                               : fmt::format("{} seeks an opponent for", player_label(offer.from, offer.from_bot));
  std::string range;
  if (offer.min_rating || offer.max_rating)
    range = fmt::format(", rating {}-{}", offer.min_rating ? std::to_string(*offer.min_rating) : "",
                        offer.max_rating ? std::to_string(*offer.max_rating) : "");
  const std::string options = offer.options.empty() ? "" : " (" + options_text(offer.options) + ")";
  return fmt::format("{}: {} {}{}, {}, {}, {}, {}{}, expires {}", offer.name(), what, game_title(offer.game), options,
                     seat_phrase(offer), offer.rated ? "rated" : "unrated", exploration_text(offer.exploration),
                     time_limits_text(offer.limits), range, format_time(offer.expires_at));
}

std::string format_offers(const std::string& title, const std::vector<OfferRecord>& offers) {
  std::string out = fmt::format("{}: {}\n", title, offers.size());
  for (const OfferRecord& offer : offers) out += "  " + format_offer(offer) + "\n";
  if (!offers.empty()) out += "\nAnswer with: join OFFER USER PASSWORD, or decline OFFER USER PASSWORD.\n";
  return out;
}

nlohmann::json offer_json(const OfferRecord& offer) {
  return {{"id", offer.id},
          {"kind", offer_kind_name(offer.kind)},
          {"game", offer.game},
          {"options", offer.options_and_settings()},
          {"game_options", offer.options},
          {"time_limits", time_limits_text(offer.limits)},
          {"from", offer.from},
          {"to", optional_json(offer.to)},
          {"from_bot", offer.from_bot},
          {"to_bot", offer.to_bot},
          {"seat", seat_choice_name(offer.seat)},
          {"min_rating", optional_json(offer.min_rating)},
          {"max_rating", optional_json(offer.max_rating)},
          {"rated", offer.rated},
          {"exploration", offer.exploration},
          {"status", offer_status_name(offer.status)},
          {"board", optional_json(offer.board)},
          {"created_at", offer.created_at},
          {"expires_at", offer.expires_at},
          {"rematch_of", optional_json(offer.rematch_of)}};
}

}  // namespace ludus::server
