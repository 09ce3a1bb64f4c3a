// SPDX-License-Identifier: Apache-2.0
#pragma once
// Offers (offers.h) as the command interface shows them and as the JSON API sends them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/base/texts.h"
#include "server/domain/play/offers.h"

namespace ludus::server {

// "nagtime=7 rated=yes size=6": options as offers and tournaments show them.
std::string options_text(const std::map<std::string, std::string>& options);
// The value, or JSON null.
template <class T>
nlohmann::json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}

// "offer 5: alice invites bob to N-Mesh (size=6 ...), alice plays first, rated, expires
// 2024-05-08 10:02 UTC" (no newline).
std::string format_offer(const OfferRecord& offer, const Language& language = Language());

// The lobby: the open seeks and invitations, one line each, and how to answer them.
std::string format_offers(const std::string& title, const std::vector<OfferRecord>& offers);

// {"id", "kind", "game", "options", "from", "to", "seat", "min_rating", "max_rating",
//  "rated", "status", "board", "created_at", "expires_at"} (docs/http-api.md).
nlohmann::json offer_json(const OfferRecord& offer);

}  // namespace ludus::server
