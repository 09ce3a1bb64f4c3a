// SPDX-License-Identifier: Apache-2.0
#include "core/private_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <stdlib.h>  // mkdtemp
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "core/error.h"

namespace ludus {
namespace {

[[noreturn]] void fail(const std::string& message) { throw LudusError(message); }

std::string reason(int error) { return std::strerror(error); }

// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) close(fd);
  }
};

// Why `destination` cannot be a new file, or "" when nothing is there.
std::string taken(const std::string& destination, const std::string& what) {
  struct stat st {};
  if (lstat(destination.c_str(), &st) != 0) {
    if (errno == ENOENT) return "";
    return "cannot write " + what + " to '" + destination + "': " + reason(errno);
  }
  const std::string name = "'" + destination + "'";
  if (S_ISLNK(st.st_mode))
    return name + " is a symbolic link; " + what + " is never written through one (name a new file)";
  if (S_ISDIR(st.st_mode)) return name + " is a directory; name a new file for " + what;
  if (!S_ISREG(st.st_mode)) return name + " exists and is not a regular file; name a new file for " + what;
  return name + " exists; " + what + " never replaces a file (remove it or name another)";
}

// rename() that fails when `to` exists (whatever it is), else link(), which fails so too.
int move_without_replacing(int from_folder, const std::string& from, const std::string& to) {
  if (renameat2(from_folder, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP && errno != EOPNOTSUPP) return -1;
  return linkat(from_folder, from.c_str(), AT_FDCWD, to.c_str(), 0);  // the file system has no RENAME_NOREPLACE
}

}  // namespace

PrivateNewFile::PrivateNewFile(std::string destination, std::string what)
    : destination_(std::move(destination)), what_(std::move(what)) {
  if (destination_.empty()) fail("no file named for " + what_);
  if (const std::string why = taken(destination_, what_); !why.empty()) fail(why);
  const std::filesystem::path target(destination_);
  if (!target.has_filename()) fail("'" + destination_ + "' names a folder; name a new file for " + what_);
  folder_ = target.has_parent_path() ? target.parent_path().string() : ".";
  // A random name beside the destination (the same file system, so the move is a rename);
  // mkdir never follows a symlink planted at it and mkdtemp tries another name.
  std::string pattern = folder_ + "/." + target.filename().string().substr(0, 180) + ".ludus-XXXXXX";
  if (!mkdtemp(pattern.data()))
    fail("cannot write " + what_ + " in the folder '" + folder_ + "': " + reason(errno));
  private_folder_ = pattern;
  try {
    private_fd_ = ::open(private_folder_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (private_fd_ < 0) fail("cannot open the folder '" + private_folder_ + "': " + reason(errno));
    name_ = target.filename().string();
    path_ = private_folder_ + "/" + name_;
    Descriptor file{::openat(private_fd_, name_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)};
    if (file.fd < 0) fail("cannot create " + what_ + " in '" + private_folder_ + "': " + reason(errno));
    if (fchmod(file.fd, 0600) != 0) fail("cannot make " + what_ + " private: " + reason(errno));
  } catch (...) {
    remove_private_folder();
    throw;
  }
}

PrivateNewFile::~PrivateNewFile() { remove_private_folder(); }

bool PrivateNewFile::still_named() const {
  struct stat made {}, named {};
  return fstat(private_fd_, &made) == 0 && lstat(private_folder_.c_str(), &named) == 0 && made.st_dev == named.st_dev &&
         made.st_ino == named.st_ino;
}

void PrivateNewFile::remove_private_folder() {
  if (private_fd_ < 0) {
    rmdir(private_folder_.c_str());  // made, but not opened: empty
    return;
  }
  // Its files (the written one unless placed, SQLite's journal) through the descriptor, so
  // that only the folder this made loses anything; then its name, if it still names it.
  if (DIR* entries = fdopendir(dup(private_fd_))) {
    std::vector<std::string> names;
    while (const dirent* entry = readdir(entries))
      if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) names.emplace_back(entry->d_name);
    closedir(entries);
    for (const auto& name : names) unlinkat(private_fd_, name.c_str(), 0);
  }
  if (still_named()) rmdir(private_folder_.c_str());
  close(private_fd_);
  private_fd_ = -1;
}

int64_t PrivateNewFile::place() {
  if (placed_) fail(what_ + " is placed already");
  // What was written by path() went to the folder made: its name still leads there.
  if (!still_named())
    fail("the private folder '" + private_folder_ + "' was moved while " + what_ +
         " was written: others may rename files in '" + folder_ + "'; write " + what_ + " to a folder only you write in");
  struct stat st {};
  {
    Descriptor file{::openat(private_fd_, name_.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)};
    if (file.fd < 0 || fstat(file.fd, &st) != 0 || !S_ISREG(st.st_mode))
      fail("cannot read " + what_ + " back from '" + path_ + "'");
    // 0600 whatever the umask or the writer (SQLite) made; on disk before it has its name.
    if (fchmod(file.fd, 0600) != 0 || fsync(file.fd) != 0) fail("cannot finish " + what_ + ": " + reason(errno));
  }
  if (move_without_replacing(private_fd_, name_, destination_) != 0) {
    if (errno == EEXIST) {
      const std::string why = taken(destination_, what_);
      fail(why.empty() ? "'" + destination_ + "' appeared while " + what_ + " was written; nothing replaced it" : why);
    }
    fail("cannot create '" + destination_ + "': " + reason(errno));
  }
  placed_ = true;
  // The new name itself survives a crash once its folder is synced.
  if (Descriptor folder{::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)}; folder.fd >= 0) fsync(folder.fd);
  return static_cast<int64_t>(st.st_size);
}

}  // namespace ludus
