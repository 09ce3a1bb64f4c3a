#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Stands in for sendmail(8) in the tests (no mail server is installed on a build machine):
# keeps its arguments and the message it reads in $LUDUS_TEST_SENDMAIL_DIR, as N.args and
# N.eml, and exits 0 like a sendmail that accepted the message.
set -e
dir="$LUDUS_TEST_SENDMAIL_DIR"
n=$(ls "$dir" | grep -c '\.eml$' || true)
echo "$*" > "$dir/$n.args"
cat > "$dir/$n.tmp"
mv "$dir/$n.tmp" "$dir/$n.eml"
