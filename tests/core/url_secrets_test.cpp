// SPDX-License-Identifier: Apache-2.0
// Passwords in connection URLs are found, left out of what is shown, and scrubbed in place.
#include <gtest/gtest.h>

#include "core/url_secrets.h"

namespace ludus {
namespace {

TEST(UrlSecretsTest, UserinfoPasswordsAndPasswordParametersAreFound) {
  EXPECT_EQ(without_url_secrets("smtp://mailer:hunter2@mail.example.org:587"), "smtp://mailer@mail.example.org:587");
  EXPECT_EQ(without_url_secrets("postgresql://u:a@b@h/db"), "postgresql://u@h/db") << "the last '@' ends the userinfo";
  EXPECT_EQ(without_url_secrets("postgresql://h/db?password=x&user=u&password=y#frag"),
            "postgresql://h/db?password=*****&user=u&password=*****#frag");
  EXPECT_EQ(without_url_secrets("postgresql://u@h/db?sslmode=require"), "postgresql://u@h/db?sslmode=require");
  EXPECT_EQ(without_url_secrets("/var/lib/ludus/ludus.db"), "/var/lib/ludus/ludus.db");
  EXPECT_EQ(without_url_secrets("--db=postgresql://u:pw@h/db"), "--db=postgresql://u@h/db");
  EXPECT_EQ(without_url_secrets("http://host/path@x:y"), "http://host/path@x:y") << "an '@' past the authority";
  EXPECT_EQ(without_url_secrets(""), "");
}

TEST(UrlSecretsTest, ScrubbingKeepsTheLengthAndHidesEveryByte) {
  char arg[] = "--smtp=smtps://mailer:hunter2@mail.example.org?password=abc";
  EXPECT_TRUE(scrub_url_secrets(arg));
  EXPECT_STREQ(arg, "--smtp=smtps://mailer:xxxxxxx@mail.example.org?password=xxx");
  char plain[] = "ludus.db";
  EXPECT_FALSE(scrub_url_secrets(plain));
  EXPECT_STREQ(plain, "ludus.db");
}

}  // namespace
}  // namespace ludus
