// SPDX-License-Identifier: Apache-2.0
#include "server/transport/error_status.h"

namespace ludus::server {

int http_status(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadRequest: return 400;
    case ErrorKind::Unauthorized: return 401;
    case ErrorKind::Forbidden: return 403;
    case ErrorKind::NotFound: return 404;
    case ErrorKind::Conflict: return 409;
    case ErrorKind::TooMany: return 429;
    case ErrorKind::Busy: return 503;
    case ErrorKind::Internal: return 500;
  }
  return 500;
}

}  // namespace ludus::server
