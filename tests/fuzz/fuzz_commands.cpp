// The command grammar (server/domain/commands.h): a line of text split into words and
// carried out against a real database.  Any text is answered or refused with a one-line
// error (ServiceError or LudusError); the redacted form of the words never holds a password.
#include "core/error.h"
#include "core/registry.h"
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
  // The redacted command shows no password, except as the unknown verb itself (first, or
  // after a game name), which the reply names.
  const std::string redacted = server::CommandInterpreter::redacted(words);
  const bool game_first = [&] {
    try {
      return !words.empty() && (find_game(words[0]), true);
    } catch (const LudusError&) {
      return false;
    }
  }();
  auto holds = [](const std::string& word) { return word.find("secret-pw") != std::string::npos; };
  const bool shown_as_verb = (!words.empty() && holds(words[0])) ||
                             (words.size() > 1 && holds(words[1]) && game_first);
  FUZZ_CHECK(shown_as_verb || redacted.find("secret-pw") == std::string::npos, redacted);
  try {
    const std::string reply = commands.execute(words, "192.0.2.1", "a comment");
    FUZZ_CHECK(reply.find("secret-pw") == std::string::npos, reply);
  } catch (const server::ServiceError& e) {
    FUZZ_CHECK(std::string(e.what()).find('\n') == std::string::npos, e.what());
  } catch (const LudusError& e) {
    FUZZ_CHECK(std::string(e.what()).find('\n') == std::string::npos, e.what());
  }
  return 0;
}
