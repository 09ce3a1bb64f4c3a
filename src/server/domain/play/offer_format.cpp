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

// "offer 5" (OfferRecord::name) in `language`.
std::string offer_name(const OfferRecord& offer, const Language& language) {
  return tr(language, "offer {offer}", {{"offer", offer.id}});
}

std::string seat_phrase(const OfferRecord& offer, const Language& language) {
  switch (offer.seat) {
    case SeatChoice::First: return tr(language, "{user} plays first", {{"user", offer.from}});
    case SeatChoice::Second: return tr(language, "{user} plays second", {{"user", offer.from}});
    case SeatChoice::Random: return tr(language, "seats at random");
  }
  return "";
}

}  // namespace

std::string format_offer(const OfferRecord& offer, const Language& language) {
  const std::string from = player_label(offer.from, offer.from_bot), to = player_label(offer.to.value_or(""), offer.to_bot);
  const std::string game = game_title(offer.game);
  std::string what;
  if (offer.kind != OfferKind::Invitation)
    what = tr(language, "{user} seeks an opponent for {game}", {{"user", from}, {"game", game}});
  else if (offer.rematch_of)
    what = tr(language, "{user} invites {other} to a rematch of board {board}: {game}",
              {{"user", from}, {"other", to}, {"board", *offer.rematch_of}, {"game", game}});
  else
    what = tr(language, "{user} invites {other} to {game}", {{"user", from}, {"other", to}, {"game", game}});
  std::string range;
  if (offer.min_rating || offer.max_rating)
    range = ", " + tr(language, "rating {min}-{max}",
                      {{"min", offer.min_rating ? std::to_string(*offer.min_rating) : ""},
                       {"max", offer.max_rating ? std::to_string(*offer.max_rating) : ""}});
  const std::string options = offer.options.empty() ? "" : " (" + options_text(offer.options) + ")";
  return tr(language, "{offer}: {what}{options}, {seats}, {rated}, {exploration}, {limits}{range}, expires {time}",
            {{"offer", offer_name(offer, language)},
             {"what", what},
             {"options", options},
             {"seats", seat_phrase(offer, language)},
             {"rated", offer.rated ? tr(language, "rated") : tr(language, "unrated")},
             {"exploration", exploration_text(offer.exploration, language)},
             {"limits", time_limits_text(offer.limits, language)},
             {"range", range},
             {"time", format_time(offer.expires_at)}});
}

std::string format_offers(const std::string& title, const std::vector<OfferRecord>& offers, const Language& language) {
  std::string out = fmt::format("{}: {}\n", title, offers.size());
  for (const OfferRecord& offer : offers) out += "  " + format_offer(offer, language) + "\n";
  if (!offers.empty())
    out += "\n" + tr(language, "Answer with: join OFFER USER PASSWORD, or decline OFFER USER PASSWORD.") + "\n";
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
