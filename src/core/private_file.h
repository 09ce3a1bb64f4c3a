// SPDX-License-Identifier: Apache-2.0
#pragma once
// A new file holding private data (a database backup, an export with every account's
// password hash and address), written so that nothing another user planted in its folder (a
// shared backups folder, /tmp) can receive the data or become the file: the one writer of
// `ludus db backup` and `ludus db export --output` (docs/operations.md, "Backups").
//
// The data is written in a private folder made beside the destination (mkdtemp: a random
// name, mode 0700, so no other user can reach or plant anything inside it), to a file
// created there exclusively (O_EXCL, O_NOFOLLOW, mode 0600).  place() then syncs it and moves
// it to the destination without ever replacing a file (renameat2 RENAME_NOREPLACE, or link()
// where the file system lacks it): a name that appeared meanwhile, a symlink included, makes
// it fail instead.  The finished file is the caller's user's, mode 0600 whatever the umask.
// In a folder where others may rename what this user made (world- or group-writable without
// the sticky bit), a private folder moved away or swapped is noticed and nothing is placed;
// the documentation says to keep backups in a folder only their owner writes.
#include <cstdint>
#include <string>

namespace ludus {

class PrivateNewFile {
 public:
  // Refuses (LudusError, one line) a destination that exists in any form: a file, a symbolic
  // link (a dangling one too: it would be followed), a directory, a fifo, a device.  `what`
  // names the file in the messages ("the backup").  Makes the private folder and the empty
  // file path() names, or throws LudusError saying why it cannot.
  PrivateNewFile(std::string destination, std::string what);
  // Removes the private folder and everything in it: nothing of an unplaced file is left.
  ~PrivateNewFile();
  PrivateNewFile(const PrivateNewFile&) = delete;
  PrivateNewFile& operator=(const PrivateNewFile&) = delete;

  // The file to write, by path (SQLite opens files by name and writes its journal beside
  // them, inside the private folder too): empty, mode 0600, reachable by this user only.
  const std::string& path() const { return path_; }
  const std::string& destination() const { return destination_; }

  // Makes what was written at path() the destination, as described above, and syncs its
  // folder so that the new name survives a crash; returns the file's size in bytes.  Throws
  // LudusError when the destination appeared meanwhile or cannot be made.  Once only.
  int64_t place();

 private:
  bool still_named() const;  // the private folder's name leads to the folder made
  void remove_private_folder();

  std::string destination_, what_, folder_, private_folder_, name_, path_;
  int private_fd_ = -1;  // the private folder as made, whatever its name comes to mean
  bool placed_ = false;
};

}  // namespace ludus
