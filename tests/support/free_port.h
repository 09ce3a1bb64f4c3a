// SPDX-License-Identifier: Apache-2.0
#pragma once
// A free loopback TCP port for a server a test starts (SMTP sink, Prometheus).
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ludus::testing {

// A free loopback TCP port (free when asked; nothing holds it afterwards).
inline int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  close(fd);
  return ntohs(address.sin_port);
}

}  // namespace ludus::testing
