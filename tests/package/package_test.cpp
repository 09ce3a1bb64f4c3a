// SPDX-License-Identifier: Apache-2.0
// The Debian package as a user gets it: cpack builds the .deb from this build tree,
// `dpkg -x` unpacks it into a temporary root (no root rights, nothing touched outside),
// and the unpacked binary must work on its own: list the games, replay the installed
// reference games, and serve the installed web page and the API from a free port; and
// Debian's python3 must import the unpacked Python module (docs/python.md) and play with it.
// Its copyright file names the licence (Apache-2.0), its changelog is valid, and the paths its
// docs and its systemd unit name are the ones it installs.
// Label `package`: ctest --test-dir build -L package.
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <filesystem>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "../cli/cli_test_support.h"
#include "../server/serve_process.h"
#include "../server/server_test_support.h"
#include "core/registry.h"
#include "server/transport/http_client.h"

namespace ludus::testing {
namespace {

namespace fs = std::filesystem;
using server::testing::TempDir;

// Runs a shell command line; its exit code, stdout and stderr.
RunResult run_shell(const std::string& command_line) {
  TempDir dir;
  const std::string command = command_line + " >" + shell_quote(dir.file("out")) + " 2>" + shell_quote(dir.file("err"));
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir.file("out")), read_text(dir.file("err"))};
}

class PackageTest : public ::testing::Test {
 protected:
  // One package for all the tests of this file: building it is the slow part.
  static void SetUpTestSuite() {
    // The unpacked binary must find its data by itself, not through the environment.
    unsetenv("LUDUS_DATA_DIR");
    work_ = new TempDir;
    const RunResult cpack = run_shell("cd " + shell_quote(LUDUS_BUILD_DIR) + " && cpack -G DEB -B " +
                                      shell_quote(work_->file("cpack")));
    ASSERT_EQ(cpack.exit_code, 0) << cpack.out << cpack.err;
    for (const auto& entry : fs::directory_iterator(work_->file("cpack")))
      if (entry.path().extension() == ".deb") deb_ = entry.path().string();
    ASSERT_FALSE(deb_.empty()) << cpack.out;
    const RunResult unpack = run_shell("dpkg -x " + shell_quote(deb_) + " " + shell_quote(work_->file("root")));
    ASSERT_EQ(unpack.exit_code, 0) << unpack.err;
  }
  static void TearDownTestSuite() {
    delete work_;
    work_ = nullptr;
  }

  static fs::path root() { return work_->file("root"); }
  static std::string ludus() { return (root() / "usr/bin/ludus").string(); }

  static TempDir* work_;
  static std::string deb_;
};
TempDir* PackageTest::work_ = nullptr;
std::string PackageTest::deb_;

TEST_F(PackageTest, HoldsTheBinaryItsDataTheManualAndTheCompletions) {
  ASSERT_FALSE(deb_.empty());
  for (const char* file : {"usr/bin/ludus", "usr/share/ludus/web/index.html", "usr/share/ludus/conformance/README.md",
                           "usr/share/man/man1/ludus.1.gz", "usr/share/bash-completion/completions/ludus",
                           "usr/share/zsh/vendor-completions/_ludus", "usr/share/doc/ludus/README.md",
                           "usr/share/doc/ludus/docs/rules/ndengrod.md", "usr/share/doc/ludus/copyright"})
    EXPECT_TRUE(fs::is_regular_file(root() / file)) << file;
  // The manual page lists the commands with their examples.
  const RunResult man = run_shell("zcat " + shell_quote((root() / "usr/share/man/man1/ludus.1.gz").string()));
  EXPECT_TRUE(contains(man.out, ".TH LUDUS \"1\"")) << man.out.substr(0, 300);
  EXPECT_TRUE(contains(man.out, "ludus play ndengrod")) << "no play example in the manual page";
}

// The docs as installed: every file they link to is in the package too (the pictures of
// docs/solved/, the Epoxy boards the rules name, README and docs/ linking each other), and
// they state no number the build decides, which would go stale (issue 43: "about 1.5 MB",
// "schema version 4").
TEST_F(PackageTest, EveryFileTheDocsLinkToIsInThePackageAndNoNumberGoesStale) {
  ASSERT_FALSE(deb_.empty());
  const fs::path docs = root() / "usr/share/doc/ludus";
  EXPECT_TRUE(fs::is_regular_file(docs / "docs/rules/epoxy-boards.txt"));
  const std::regex link(R"(\]\(([^)#:\s]+)(#[^)]*)?\))");
  const std::regex stale(R"(schema version \d|\.deb[^\n]{0,60}\b\d+(\.\d+)? ?[kM]B)");
  int links = 0;
  for (const auto& entry : fs::recursive_directory_iterator(docs)) {
    if (entry.path().extension() != ".md") continue;
    const std::string text = read_text(entry.path().string());
    for (std::sregex_iterator m(text.begin(), text.end(), link), end; m != end; ++m, ++links) {
      const fs::path target = entry.path().parent_path() / (*m)[1].str();
      EXPECT_TRUE(fs::exists(target)) << entry.path().lexically_relative(docs) << " links to " << (*m)[1].str()
                                      << ", which the package lacks";
    }
    std::smatch number;
    EXPECT_FALSE(std::regex_search(text, number, stale))
        << entry.path().lexically_relative(docs) << " states '" << number.str() << "'";
  }
  EXPECT_GT(links, 20) << "the links were not found";
}

// ludus is licensed under the Apache License 2.0, and the copyright file says so in Debian's
// machine-readable format (copyright-format 1.0): its Files: * paragraph names Apache-2.0,
// whose text Debian keeps in /usr/share/common-licenses.
TEST_F(PackageTest, TheCopyrightFileSaysApache2InDebiansFormat) {
  ASSERT_FALSE(deb_.empty());
  const std::string text = read_text(root() / "usr/share/doc/ludus/copyright");
  EXPECT_EQ(text.rfind("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n", 0), 0u)
      << text.substr(0, 200);
  EXPECT_TRUE(std::regex_search(text, std::regex(R"((^|\n)Files: \*\nCopyright: [^\n]+\nLicense: Apache-2\.0\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nLicense: Apache-2\.0\n( [^\n]*\n)+)"))) << "no text of Apache-2.0";
  EXPECT_TRUE(contains(text, "\"/usr/share/common-licenses/Apache-2.0\"")) << text;
  EXPECT_FALSE(contains(text, "rights reserved by the ludus authors")) << text;
}

// A package with a Debian revision ships its changelog as changelog.Debian.gz, and it is a
// valid changelog whose latest entry is the package's version.
TEST_F(PackageTest, ShipsAValidDebianChangelogOfItsVersion) {
  ASSERT_FALSE(deb_.empty());
  const fs::path changelog = root() / "usr/share/doc/ludus/changelog.Debian.gz";
  ASSERT_TRUE(fs::is_regular_file(changelog));
  // (An unreadable file gives dpkg-parsechangelog nothing, which it refuses.)
  const RunResult parsed = run_shell("gzip -dc " + shell_quote(changelog.string()) + " | dpkg-parsechangelog -l -");
  ASSERT_EQ(parsed.exit_code, 0) << parsed.err;
  EXPECT_TRUE(contains(parsed.out, "Source: ludus\n")) << parsed.out;
  const RunResult version = run_shell("dpkg-deb -f " + shell_quote(deb_) + " Version");
  ASSERT_EQ(version.exit_code, 0) << version.err;
  EXPECT_TRUE(contains(parsed.out, "Version: " + version.out)) << "the package is " << version.out << parsed.out;
  EXPECT_TRUE(contains(version.out, "-")) << "no Debian revision: " << version.out;
}

// Every absolute path the installed docs, the unit and `ludus rules` name for ludus's own files
// (/usr/bin/ludus, /usr/lib/systemd/system/ludus.service, /usr/share/ludus/web...) is where the
// package puts it; paths under /usr/local (cmake --install) are not the package's.
TEST_F(PackageTest, ThePathsTheDocsNameAreThePackages) {
  ASSERT_FALSE(deb_.empty());
  std::vector<std::pair<std::string, std::string>> texts;  // where, text
  for (const auto& entry : fs::recursive_directory_iterator(root() / "usr/share/doc/ludus"))
    if (entry.path().extension() == ".md") texts.emplace_back(entry.path().lexically_relative(root()), read_text(entry.path()));
  texts.emplace_back("the unit", read_text(root() / "usr/lib/systemd/system/ludus.service"));
  for (const auto& entry : registered_games())
    texts.emplace_back("ludus rules " + entry.info->name, run_shell(shell_quote(ludus()) + " rules " + entry.info->name).out);
  const std::regex path(R"((^|[\s`"'(|=])(/(usr/)?(bin|sbin|lib|share)/[^\s`"'()\]<>]*ludus[^\s`"'()\]<>,;:]*))");
  int paths = 0;
  for (const auto& [where, text] : texts) {
    for (std::sregex_iterator m(text.begin(), text.end(), path), end; m != end; ++m, ++paths) {
      std::string named = (*m)[2].str();
      while (named.back() == '.') named.pop_back();
      EXPECT_TRUE(fs::exists(root() / named.substr(1))) << where << " names " << named << ", which the package does not install";
    }
  }
  EXPECT_GT(paths, 5) << "the paths were not found";
}

// The unit's Documentation= points at what the package installs: the manual page and files.
TEST_F(PackageTest, TheUnitsDocumentationIsInThePackage) {
  ASSERT_FALSE(deb_.empty());
  const std::string unit = read_text(root() / "usr/lib/systemd/system/ludus.service");
  std::smatch line;
  ASSERT_TRUE(std::regex_search(unit, line, std::regex(R"(\nDocumentation=([^\n]+))"))) << unit;
  const std::string uris = line[1].str();
  int checked = 0;
  const std::regex uri(R"((\S+))"), file(R"(file://(/\S+))"), man(R"(man:([a-z0-9_.-]+)\((\d)\))");
  for (std::sregex_iterator m(uris.begin(), uris.end(), uri), end; m != end; ++m, ++checked) {
    const std::string target = m->str();
    std::smatch part;
    if (std::regex_match(target, part, file))
      EXPECT_TRUE(fs::is_regular_file(root() / part[1].str().substr(1))) << target << " is not in the package";
    else if (std::regex_match(target, part, man))
      EXPECT_TRUE(fs::is_regular_file(root() / ("usr/share/man/man" + part[2].str()) / (part[1].str() + "." + part[2].str() + ".gz")))
          << target << " is not in the package";
    else
      ADD_FAILURE() << "Documentation=" << target << ": neither file:// nor man:";
  }
  EXPECT_GE(checked, 2) << uris;
}

// The service runs with least privilege: systemd's own review of the unit scores its
// exposure at most 2.0 of 10 (own user, read-only system, no capability, filtered calls).
TEST_F(PackageTest, ShipsASandboxedSystemdService) {
  ASSERT_FALSE(deb_.empty());
  const fs::path unit = root() / "usr/lib/systemd/system/ludus.service";
  ASSERT_TRUE(fs::is_regular_file(unit));
  const std::string text = read_text(unit.string());
  for (const char* line : {"ExecStart=/usr/bin/ludus serve", "DynamicUser=yes", "NoNewPrivileges=yes", "ProtectSystem=strict",
                           "ProtectHome=yes", "PrivateTmp=yes", "ReadWritePaths=/var/lib/ludus", "CapabilityBoundingSet=\n"})
    EXPECT_TRUE(contains(text, line)) << line;
  const RunResult security =
      run_shell("cd " + shell_quote(work_->path().string()) + " && systemd-analyze security --offline=true --threshold=20 " +
                shell_quote(unit.string()));
  EXPECT_EQ(security.exit_code, 0) << security.out << security.err;
  EXPECT_TRUE(std::regex_search(security.out, std::regex(R"(Overall exposure level for ludus\.service: [01]\.\d OK)")))
      << security.out.substr(security.out.size() > 300 ? security.out.size() - 300 : 0);
}

TEST_F(PackageTest, DependsOnTheLibrariesTheBinaryLinks) {
  ASSERT_FALSE(deb_.empty());
  const RunResult depends = run_shell("dpkg-deb -f " + shell_quote(deb_) + " Depends");
  ASSERT_EQ(depends.exit_code, 0) << depends.err;
  // dpkg-shlibdeps found them: each with a minimum version.
  for (const char* package : {"libc6 (>=", "libstdc++6 (>=", "libsqlite3-0 (>=", "libsodium23 (>=", "libedit2 (>="})
    EXPECT_TRUE(contains(depends.out, package)) << package << " missing from: " << depends.out;
  // Nothing in the unpacked binary needs a library that is not installed (ldd resolves all).
  const RunResult ldd = run_shell("ldd " + shell_quote(ludus()));
  EXPECT_FALSE(contains(ldd.out, "not found")) << ldd.out;
}

TEST_F(PackageTest, TheUnpackedBinaryRunsOnItsOwnData) {
  ASSERT_FALSE(deb_.empty());
  const RunResult games = run_shell(shell_quote(ludus()) + " games");
  ASSERT_EQ(games.exit_code, 0) << games.err;
  for (const auto& entry : registered_games()) EXPECT_TRUE(contains(games.out, entry.info->name)) << games.out;
  // `verify` with no file replays the reference games installed in share/ludus.
  const RunResult verify = run_shell(shell_quote(ludus()) + " verify");
  EXPECT_EQ(verify.exit_code, 0) << verify.err;
  EXPECT_TRUE(std::regex_search(verify.out, std::regex(R"(\b[1-9]\d* passed, 0 failed)"))) << verify.out;
}

TEST_F(PackageTest, DebiansPythonImportsTheUnpackedModule) {
  ASSERT_FALSE(deb_.empty());
  const fs::path site = root() / "usr/lib/python3/dist-packages";
  for (const char* file : {"ludus/__init__.py", "ludus/env.py", "ludus/pyspiel.py", "ludus/study.py"})
    EXPECT_TRUE(fs::is_regular_file(site / file)) << file;
  const RunResult depends = run_shell("dpkg-deb -f " + shell_quote(deb_) + " Depends");
  EXPECT_TRUE(contains(depends.out, "python3-numpy")) << depends.out;
  // From a directory without the sources or the build tree: only the unpacked module is found.
  const std::string script =
      "import ludus, ludus.env, ludus.pyspiel, ludus.study; "
      "assert ludus.__file__.startswith(" + std::string("'") + site.string() + "'), ludus.__file__; "
      "s = ludus.load_game('ndengrod', size=5).new_initial_state(); "
      "s.apply_action(ludus.Bot('easy').step(s)); "
      "print(len(ludus.games()), s.observation_tensor().shape, s.move_number())";
  // (LUDUS_PYTHON_ENVIRONMENT: the ASan runtime preloaded in an ASan build, else nothing.)
  const RunResult python = run_shell("cd / && " + std::string(LUDUS_PYTHON_ENVIRONMENT) + " PYTHONPATH=" +
                                     shell_quote(site.string()) + " /usr/bin/python3 -c " + shell_quote(script));
  EXPECT_EQ(python.exit_code, 0) << python.err;
  EXPECT_EQ(python.out, "5 (6, 9, 9) 1\n");
}

TEST_F(PackageTest, TheUnpackedServerServesTheInstalledPageAndTheApi) {
  ASSERT_FALSE(deb_.empty());
  TempDir dir;
  auto [pid, port, err_fd, err_start] = server::testing::start_server(ludus(), dir.file("package.db"));
  // A failed assertion must not leave the server running: ctest would wait for it.
  struct KillOnExit {
    pid_t pid;
    ~KillOnExit() {
      if (pid > 0 && kill(pid, SIGKILL) == 0) waitpid(pid, nullptr, 0);
    }
  } guard{pid};
  ASSERT_GT(port, 0) << err_start;
  // It took the page from the unpacked tree (bin/../share/ludus/web), not from the sources.
  const fs::path web = fs::canonical(root() / "usr/share/ludus/web");
  EXPECT_TRUE(contains(err_start, "web page from " + web.string())) << err_start;
  server::HttpClient client("127.0.0.1", port);
  const server::HttpResult page = client.get("/");
  EXPECT_EQ(page.status, 200) << page.error;
  EXPECT_EQ(page.body, read_text(web / "index.html"));
  // The engine in the page (docs/wasm.md) is installed beside the page when the WebAssembly
  // build was made before the package (./ludus.sh makes it), and served from there.
  if (fs::exists(LUDUS_BUILD_DIR "/wasm/engine/ludus-engine.wasm")) {
    const fs::path engine = fs::canonical(root() / "usr/share/ludus/engine");
    EXPECT_TRUE(contains(err_start, "its engine from " + engine.string())) << err_start;
    const server::HttpResult wasm = client.get("/engine/ludus-engine.wasm");
    EXPECT_EQ(wasm.status, 200) << wasm.error;
    EXPECT_EQ(wasm.header("Content-Type"), "application/wasm");
    EXPECT_EQ(wasm.body, read_text(engine / "ludus-engine.wasm"));
    EXPECT_EQ(client.get("/engine/ludus-engine.js").status, 200);
  }
  const server::HttpResult catalog = client.get("/api/catalog");
  EXPECT_EQ(catalog.status, 200) << catalog.error;
  for (const auto& entry : registered_games())
    EXPECT_TRUE(contains(catalog.body, "\"" + entry.info->name + "\"")) << catalog.body;
  // A board started through the command grammar is listed by /api/games (the database works).
  for (const char* command : {"signup alice alice-pass", "ndengrod challenge -size=4 alice ai:random alice-pass"}) {
    const auto reply = client.request(boost::beast::http::verb::post, "/api/command", command, {}, "text/plain");
    EXPECT_EQ(reply.status, 200) << command << ": " << reply.body << reply.error;
  }
  const server::HttpResult api = client.get("/api/games");
  EXPECT_EQ(api.status, 200) << api.error;
  const auto boards = api.json();
  ASSERT_TRUE(boards.contains("games")) << api.body;
  ASSERT_EQ(boards["games"].size(), 1u) << api.body;
  EXPECT_EQ(boards["games"][0].value("game", ""), "ndengrod") << api.body;
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  guard.pid = 0;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  server::testing::read_all(err_fd);
}

}  // namespace
}  // namespace ludus::testing
