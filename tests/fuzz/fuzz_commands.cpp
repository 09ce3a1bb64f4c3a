// SPDX-License-Identifier: Apache-2.0
// The command grammar (server/domain/commands.h): a line of text split into words and
// carried out against a real database.  Any text is answered or refused with a one-line
// error (ServiceError or LudusError); a reply never shows the password, nor does the
// redacted form of a command that authenticated with it.
#include <algorithm>

#include "core/error.h"
#include "core/text.h"
#include "fuzz/fuzz_server.h"
#include "fuzz/fuzz_support.h"
#include "server/base/errors.h"
#include "server/domain/commands.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  static server::CommandInterpreter commands(fuzz::FuzzServer::instance().service());
  std::vector<std::string> words;
  try {
    words = server::CommandInterpreter::split(fuzz::input_text(data, size));
  } catch (const server::ServiceError&) {
    return 0;
  }
  // Comment texts are shown, whatever they hold.
  const bool comment = std::any_of(words.begin(), words.begin() + std::min<size_t>(2, words.size()),
                                   [](const std::string& w) { return lowercase(w) == "comment"; });
  try {
    const std::string reply = commands.execute(words, "192.0.2.1", "a comment");
    // The password comes back only as something else the caller typed (a user name such as
    // `games secret-pw`, or `games SECRET-pw`, shown in lower case; a move), never when the
    // words hold it only as alice's or bob's password.
    bool typed_elsewhere = false;
    for (size_t i = 0; i < words.size(); ++i)
      if (lowercase(words[i]).find("secret-pw") != std::string::npos &&
          (i == 0 || (lowercase(words[i - 1]) != "alice" && lowercase(words[i - 1]) != "bob")))
        typed_elsewhere = true;
    FUZZ_CHECK(comment || typed_elsewhere || reply.find("secret-pw") == std::string::npos, reply);
    // A command that went through authenticated alice or bob with their password, which
    // follows the user name in every form of the grammar: its redacted form hides it.
    const std::vector<std::string> shown =
        server::CommandInterpreter::split(server::CommandInterpreter::redacted(words));
    for (size_t i = 1; i < shown.size() && !comment; ++i)
      FUZZ_CHECK(!(shown[i] == "secret-pw" && (shown[i - 1] == "alice" || shown[i - 1] == "bob")),
                 server::CommandInterpreter::redacted(words));
  } catch (const server::ServiceError& e) {
    FUZZ_CHECK(std::string(e.what()).find('\n') == std::string::npos, e.what());
  } catch (const LudusError& e) {
    FUZZ_CHECK(std::string(e.what()).find('\n') == std::string::npos, e.what());
  }
  return 0;
}
