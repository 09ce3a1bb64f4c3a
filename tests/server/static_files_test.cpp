// SPDX-License-Identifier: Apache-2.0
// The static web page is a snapshot taken at start and looked up by exact name: no request
// path ever reaches the file system.  The attacks of issue 41 (absolute paths after the
// slash, encoded slashes and dots, backslashes, NUL, overlong UTF-8, drive letters, a symlink
// leading out) each get 404, no byte of a file outside the web directory appears in any
// reply, and inotify sees no file outside the directory opened while they are served.
#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "http_test_support.h"
#include "server/transport/static_files.h"

namespace ludus::server::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSentinel = "SENTINEL-7f3a91c2-never-served";
// A WebAssembly module's header with bytes a text path would mangle (NUL, CR LF, 0xff).
constexpr char kWasmModule[] = "\0asm\x01\0\0\0\xff\x0a\r\n";

// Counts opens and reads of the files directly inside one directory.
class FileWatch {
 public:
  explicit FileWatch(const fs::path& dir) : fd_(inotify_init1(IN_NONBLOCK)) {
    EXPECT_GE(fd_, 0);
    EXPECT_GE(inotify_add_watch(fd_, dir.c_str(), IN_OPEN | IN_ACCESS), 0) << dir;
  }
  ~FileWatch() { close(fd_); }
  // The events seen since the last call.
  int events() {
    alignas(inotify_event) char buffer[64 * 1024];
    int count = 0;
    for (;;) {
      const ssize_t n = read(fd_, buffer, sizeof buffer);
      if (n <= 0) return count;
      for (char* p = buffer; p < buffer + n;) {
        auto* event = reinterpret_cast<inotify_event*>(p);
        ++count;
        p += sizeof(inotify_event) + event->len;
      }
    }
  }

 private:
  int fd_;
};

class StaticFilesTest : public HttpFixture {
 protected:
  void SetUp() override {
    // Outside the web directory: a sentinel, and a directory the web directory links to.
    std::ofstream(outside_.file("secret.txt")) << kSentinel << "\n";
    fs::create_directories(outside_.path() / "dir");
    std::ofstream(outside_.file("dir/inner.txt")) << kSentinel << "\n";
    // Inside: the page, a subdirectory, a link that stays inside, links that lead out.
    std::ofstream(web_.file("app.js")) << "console.log('app');\n";
    fs::create_directories(web_.path() / "img");
    std::ofstream(web_.file("img/logo.svg")) << "<svg xmlns='http://www.w3.org/2000/svg'/>\n";
    std::ofstream(web_.file("img/index.html")) << "<!doctype html><title>images</title>\n";
    std::ofstream(web_.file(".hidden")) << kSentinel << "\n";
    fs::create_symlink(web_.path() / "app.js", web_.path() / "alias.js");
    fs::create_symlink(outside_.path() / "secret.txt", web_.path() / "out-link.txt");
    fs::create_symlink("../" + outside_.path().filename().string() + "/secret.txt", web_.path() / "rel-link.txt");
    fs::create_directory_symlink(outside_.path() / "dir", web_.path() / "out-dir");
    fs::create_symlink("/etc/passwd", web_.path() / "passwd");
    std::ofstream(web_.file("engine.wasm"), std::ios::binary).write(kWasmModule, sizeof kWasmModule - 1);
    // The engine's own directory (--engine-dir), and a page that holds an engine/ of its own.
    std::ofstream(engine_.file("ludus-engine.js")) << "export default function createLudusEngine() {}\n";
    std::ofstream(engine_.file("ludus-engine.wasm"), std::ios::binary).write(kWasmModule, sizeof kWasmModule - 1);
    fs::create_directories(web_.path() / "engine");
    std::ofstream(web_.file("engine/ludus-engine.js")) << kSentinel << "\n";
    std::ofstream(web_.file("engine/other.js")) << kSentinel << "\n";
    config_.engine_dir = engine_.path().string();
    HttpFixture::SetUp();
  }

  // The reply to `GET target` sent byte for byte (no client normalizes it).
  std::string raw_get(const std::string& target) {
    return HttpClient("127.0.0.1", server_->port(), std::chrono::seconds(10))
        .raw("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  }
  static int status_of(const std::string& reply) {
    return reply.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(reply.c_str() + 9) : 0;
  }

  TempDir outside_;
  TempDir engine_;
};

TEST_F(StaticFilesTest, ThePageIsServedByExactName) {
  EXPECT_EQ(get("/").status, 200);
  EXPECT_NE(get("/").body.find("<title>ludus</title>"), std::string::npos);
  EXPECT_EQ(get("/index.html").body, get("/").body);
  auto app = get("/app.js");
  EXPECT_EQ(app.status, 200);
  EXPECT_NE(app.content_type.find("text/javascript"), std::string::npos);
  EXPECT_EQ(get("/img/logo.svg").content_type, "image/svg+xml");
  EXPECT_NE(get("/img/").body.find("images"), std::string::npos) << "a directory's index.html";
  EXPECT_EQ(get("/alias.js").body, app.body) << "a link that stays inside the directory";
}

// The engine in the page (docs/wasm.md): binary, byte for byte, as application/wasm (the one
// type WebAssembly.instantiateStreaming compiles).
TEST_F(StaticFilesTest, WebAssemblyIsServedAsApplicationWasm) {
  auto reply = get("/engine.wasm");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.content_type, "application/wasm");
  EXPECT_EQ(reply.body, std::string(kWasmModule, sizeof kWasmModule - 1));
}

// The engine in the page is served from its own directory at /engine/ and only there: the
// page's directory has no say under that name, and the engine's files are nowhere else.  Its
// replies carry the CSP that lets the page compile it ('wasm-unsafe-eval', docs/security.md).
TEST_F(StaticFilesTest, TheEngineIsServedFromItsOwnDirectoryAtEngine) {
  auto wasm = get("/engine/ludus-engine.wasm");
  EXPECT_EQ(wasm.status, 200);
  EXPECT_EQ(wasm.content_type, "application/wasm");
  EXPECT_EQ(wasm.body, std::string(kWasmModule, sizeof kWasmModule - 1));
  EXPECT_NE(wasm.result.header("Content-Security-Policy").find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos)
      << wasm.result.header("Content-Security-Policy");
  auto loader = get("/engine/ludus-engine.js");
  EXPECT_EQ(loader.status, 200);
  EXPECT_NE(loader.body.find("createLudusEngine"), std::string::npos);
  EXPECT_NE(loader.content_type.find("text/javascript"), std::string::npos);
  EXPECT_EQ(get("/engine/other.js").status, 404) << "the page's engine/ is not served";
  for (const char* path : {"/ludus-engine.wasm", "/engine/", "/engine", "/engine//ludus-engine.js", "/engine/../app.js",
                           "/engine/%2e%2e/app.js"})
    EXPECT_EQ(get(path).status, 404) << path;
}

// Without an engine directory /engine/ is simply not there (the page then asks the server).
TEST(StaticFilesEngine, NoEngineDirectoryServesNothingAtEngine) {
  TempDir web, dir;
  std::ofstream(web.file("index.html")) << "<!doctype html><title>ludus</title>\n";
  ServerConfig config;
  config.db_path = test_database(dir.file("http.db"));
  config.host = "127.0.0.1";
  config.port = 0;
  config.web_dir = web.path().string();
  config.engine_dir = "";
  config.passwords = PasswordPolicy::fast();
  PlayServer server(config);
  server.start();
  HttpClient client("127.0.0.1", server.port());
  EXPECT_EQ(client.get("/").status, 200);
  EXPECT_EQ(client.get("/engine/ludus-engine.wasm").status, 404);
  server.stop();
}

TEST_F(StaticFilesTest, TheSnapshotListsOnlyFilesInsideTheDirectory) {
  std::vector<std::string> skipped;
  auto files = StaticFiles::snapshot(web_.path().string(), {}, [&](const std::string& line) { skipped.push_back(line); });
  EXPECT_EQ(files.names(),
            (std::vector<std::string>{"alias.js", "app.js", "engine.wasm", "engine/ludus-engine.js", "engine/other.js",
                                      "img/index.html", "img/logo.svg", "index.html"}));
  EXPECT_EQ(skipped.size(), 5u) << "hidden, two links out, the passwd link and the directory link";
  EXPECT_FALSE(StaticFiles::snapshot("").available());
  EXPECT_FALSE(StaticFiles::snapshot(outside_.file("missing")).available());
}

TEST_F(StaticFilesTest, FilesOverTheCapAreLeftOut) {
  std::ofstream(web_.file("big.js")) << std::string(5000, 'a');
  StaticLimits limits;
  limits.max_file_bytes = 4096;
  auto files = StaticFiles::snapshot(web_.path().string(), limits);
  EXPECT_FALSE(files.serve("/big.js"));
  EXPECT_TRUE(files.serve("/app.js"));
  limits = {};
  limits.max_total_bytes = 1;
  EXPECT_FALSE(StaticFiles::snapshot(web_.path().string(), limits).available());
}

TEST_F(StaticFilesTest, AFileAddedAfterStartIsNotServed) {
  std::ofstream(web_.file("late.js")) << "late\n";
  EXPECT_EQ(get("/late.js").status, 404);
}

TEST_F(StaticFilesTest, PathAttacksGet404AndReadNothingOutside) {
  const std::string out = outside_.path().string();  // an absolute path: /tmp/ludus-server-test-...
  const std::string outside_name = outside_.path().filename().string();
  const std::vector<std::string> attacks = {
      "//etc/passwd",
      "///etc/passwd",
      "/%2fetc%2fpasswd",
      "/%2F%2Fetc/passwd",
      "/%2fetc/passwd",
      "/.%2fetc/passwd",
      "/./..//etc/passwd",
      "/../../../../etc/passwd",
      "/..%2f..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/\\etc\\passwd",
      "/..\\..\\..\\etc\\passwd",
      "/%5c..%5c..%5cetc%5cpasswd",
      "/%5cetc%5cpasswd",
      "/index.html%00",
      "/%00/etc/passwd",
      "/app.js%00.html",
      "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
      "/%c0%af%c0%afetc%c0%afpasswd",
      "/%e0%80%ae%e0%80%ae/etc/passwd",
      "/%ef%bc%8fetc%ef%bc%8fpasswd",  // full-width solidus
      "/C:/Windows/win.ini",
      "/C:%5cWindows%5cwin.ini",
      "/c:\\windows\\win.ini",
      "//?/C:/Windows/win.ini",
      "/\\\\?\\C:\\Windows\\win.ini",
      "/%5c%5c%3f%5cC:%5cWindows",
      "/" + out + "/secret.txt",
      "//" + out.substr(1) + "/secret.txt",
      "/../" + outside_name + "/secret.txt",
      "/%2e%2e/" + outside_name + "/secret.txt",
      "/out-link.txt",
      "/rel-link.txt",
      "/out-dir/inner.txt",
      "/out-dir/",
      "/passwd",
      "/.hidden",
      "/img/../../" + outside_name + "/secret.txt",
      "/img/..%2f..%2f" + outside_name + "%2fsecret.txt",
      "/proc/self/environ",
      "//proc/self/environ",
      "/~root/.ssh/id_rsa",
      "/" + std::string(3000, 'a'),
  };
  FileWatch watch_outside(outside_.path());
  FileWatch watch_inner(outside_.path() / "dir");
  FileWatch watch_etc("/etc");
  watch_etc.events();  // whatever else the machine did before
  for (const std::string& target : attacks) {
    const std::string reply = raw_get(target);
    const int status = status_of(reply);
    EXPECT_EQ(status, 404) << target << "\n" << reply.substr(0, 400);
    EXPECT_EQ(reply.find(kSentinel), std::string::npos) << target;
    EXPECT_EQ(reply.find("root:x:0:0"), std::string::npos) << target;
    EXPECT_EQ(reply.find("PATH="), std::string::npos) << target;
    auto head = HttpClient("127.0.0.1", server_->port(), std::chrono::seconds(10))
                    .raw("HEAD " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(head), 404) << "HEAD " << target;
  }
  EXPECT_EQ(watch_outside.events(), 0) << "a file outside the web directory was opened or read";
  EXPECT_EQ(watch_inner.events(), 0);
  // /etc is shared with the machine: only a gross failure (reading passwd for every request)
  // would show here, so this is a bound, not an exact count.
  EXPECT_LT(watch_etc.events(), static_cast<int>(attacks.size()));
  EXPECT_EQ(get("/api/health").status, 200) << "the server keeps serving";
}

TEST_F(StaticFilesTest, ServingTheWebDirectoryReadsNoFileAtRequestTime) {
  FileWatch watch_web(web_.path());
  FileWatch watch_img(web_.path() / "img");
  for (const char* path : {"/", "/index.html", "/app.js", "/img/logo.svg", "/img/", "/alias.js", "/missing.js"})
    get(path);
  EXPECT_EQ(watch_web.events(), 0) << "every file was read once, at start";
  EXPECT_EQ(watch_img.events(), 0);
}

TEST_F(StaticFilesTest, RawNulAndControlBytesInTheRequestLineAreRefused) {
  for (const std::string target : {std::string("/index.html\0x", 12), std::string("/\x01etc/passwd")}) {
    const std::string reply = raw_get(target);
    EXPECT_TRUE(status_of(reply) == 400 || status_of(reply) == 404) << reply.substr(0, 200);
    EXPECT_EQ(reply.find("<title>ludus</title>"), std::string::npos);
  }
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(StaticFilesTest, EtagsAnswerNotModified) {
  auto first = client().get("/app.js");
  const std::string etag = first.header("ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(first.header("Cache-Control"), "no-cache");
  auto again = client().get("/app.js", {{"If-None-Match", etag}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  EXPECT_EQ(client().get("/app.js", {{"If-None-Match", "\"other\", W/" + etag}}).status, 304);
  EXPECT_EQ(client().get("/app.js", {{"If-None-Match", "\"other\""}}).status, 200);
  EXPECT_NE(client().get("/index.html").header("ETag"), etag);
}

}  // namespace
}  // namespace ludus::server::testing
