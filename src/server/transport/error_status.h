// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one place where a ServiceError's kind becomes an HTTP status (docs/http-api.md lists
// the codes).  Nothing below the transport knows HTTP.
#include "server/base/errors.h"

namespace ludus::server {

// BadRequest 400, Unauthorized 401, Forbidden 403, NotFound 404, Conflict 409, TooMany 429,
// Internal 500, Busy 503.
int http_status(ErrorKind kind);
inline int http_status(const ServiceError& e) { return http_status(e.kind()); }

}  // namespace ludus::server
