// SPDX-License-Identifier: Apache-2.0
// PrivateNewFile (core/private_file.h), the writer of backups and exports: whatever another
// user planted in the folder, the data goes to a new regular file of mode 0600, never
// through a symlink, never replacing a file.  `ludus db backup` and `ludus db export` as
// programs: tests/server/backup_test.cpp.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "core/private_file.h"
#include "support/error_text.h"
#include "support/files.h"

namespace ludus {
namespace {

namespace fs = std::filesystem;
using testing::error_of;
using testing::read_text;

struct Folder {
  fs::path path = testing::scratch_dir();
  ~Folder() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
  // Everything in it but what the test made.
  size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(path), fs::directory_iterator())); }
};

TEST(PrivateNewFile, WritesANewFileOfMode0600WhateverTheUmask) {
  Folder folder;
  const mode_t old = umask(0);
  {
    PrivateNewFile file(folder.file("out.txt"), "the export");
    std::ofstream(file.path()) << "secret";
    struct stat st {};
    ASSERT_EQ(stat(file.path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << "private while written, too";
    ASSERT_EQ(stat(fs::path(file.path()).parent_path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u) << "nobody else reaches the folder it is written in";
    EXPECT_FALSE(fs::exists(folder.file("out.txt")));
    EXPECT_EQ(file.place(), 6);
  }
  umask(old);
  struct stat st {};
  ASSERT_EQ(lstat(folder.file("out.txt").c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(st.st_uid, getuid());
  EXPECT_EQ(read_text(folder.file("out.txt")), "secret");
  EXPECT_EQ(folder.entries(), 1u) << "no private folder left behind";
}

TEST(PrivateNewFile, RefusesEveryDestinationThatExistsInOneLine) {
  Folder folder;
  std::ofstream(folder.file("victim")) << "keep";
  fs::create_symlink(folder.file("victim"), folder.file("link"));
  fs::create_symlink(folder.file("nowhere"), folder.file("dangling"));
  fs::create_directory(folder.file("dir"));
  ASSERT_EQ(mkfifo(folder.file("fifo").c_str(), 0600), 0);
  const std::map<std::string, std::string> refusals = {
      {"victim", "exists; the backup never replaces a file"},
      {"link", "is a symbolic link"},
      {"dangling", "is a symbolic link"},
      {"dir", "is a directory"},
      {"fifo", "is not a regular file"},
  };
  for (const auto& [name, reason] : refusals) {
    const std::string message = error_of([&] { PrivateNewFile(folder.file(name), "the backup"); });
    EXPECT_NE(message.find(reason), std::string::npos) << name << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_NE(error_of([&] { PrivateNewFile(folder.file("no/such/folder/x"), "the backup"); }).find("no/such/folder"),
            std::string::npos);
  EXPECT_EQ(read_text(folder.file("victim")), "keep");
  EXPECT_FALSE(fs::exists(folder.file("nowhere")));
  EXPECT_EQ(folder.entries(), 5u) << "nothing made by the refusals";
}

TEST(PrivateNewFile, ANameThatAppearsWhileWritingIsNeverReplaced) {
  Folder folder;
  std::ofstream(folder.file("victim")) << "keep";
  {
    PrivateNewFile file(folder.file("out"), "the backup");
    std::ofstream(file.path()) << "secret";
    fs::create_symlink(folder.file("victim"), folder.file("out"));  // planted after the check
    const std::string message = error_of([&] { file.place(); });
    EXPECT_NE(message.find("is a symbolic link"), std::string::npos) << message;
  }
  EXPECT_EQ(read_text(folder.file("victim")), "keep");
  EXPECT_TRUE(fs::is_symlink(folder.file("out")));
  EXPECT_EQ(folder.entries(), 2u) << "the unplaced file is gone with its private folder";
}

TEST(PrivateNewFile, APrivateFolderMovedAwayIsNoticedAndNothingIsPlaced) {
  Folder folder;
  {
    PrivateNewFile file(folder.file("out"), "the backup");
    const fs::path made = fs::path(file.path()).parent_path();
    fs::rename(made, folder.file("moved"));
    fs::create_directory(made);  // what a stranger who may rename entries of the folder puts there
    std::ofstream(file.path()) << "theirs";
    const std::string message = error_of([&] { file.place(); });
    EXPECT_NE(message.find("was moved"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(folder.file("out")));
    EXPECT_EQ(read_text(file.path()), "theirs") << "another's folder is left alone";
  }
  EXPECT_TRUE(fs::is_empty(folder.file("moved"))) << "the folder made is emptied where it went";
}

}  // namespace
}  // namespace ludus
