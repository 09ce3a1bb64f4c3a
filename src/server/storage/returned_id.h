// SPDX-License-Identifier: Apache-2.0
#pragma once
// The id an INSERT ... RETURNING id gave its new row.
#include <cstdint>
#include <string>

#include "server/base/errors.h"
#include "server/storage/database.h"

namespace ludus::server {

// Runs `insert` (bound, not yet stepped) to its end and returns the new row's id; `what`
// names the row for the error when none came back ("a new board").
inline int64_t returned_id(sql::Query& insert, const char* what) {
  if (!insert.step()) throw ServiceError(ErrorKind::Internal, "database", std::string(what) + " got no number");
  const int64_t id = insert.int64(0);
  insert.run();
  return id;
}

}  // namespace ludus::server
