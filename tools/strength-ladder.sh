#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The strength ladder: each AI level against the next one down, per game, on the default
# boards, seats alternating.  Long (hours for the time-based levels): not part of CI.
#   tools/strength-ladder.sh [GAMES_PER_MATCH] [GAME...]
# Environment: LUDUS (binary, default build/ludus), PAIRS ("A/B ...", AI specs; default the
# four rungs: "easy/random medium/easy hard/medium max/hard"),
# MAX_GAMES (cap for matches with the 5-second level, default half of GAMES_PER_MATCH).
# Prints one line per match: game, A, B, A's score with its 95% interval, Elo, A's wins-losses
# as first and as second player (shows when the seat, not the level, decides), ms per move.
# OPTIONS (e.g. "-o size=11") are passed to every match.
set -euo pipefail
cd "$(dirname "$0")/.."
LUDUS=${LUDUS:-build/ludus}
games_per_match=${1:-20}
shift || true
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(ndengrod n-mesh netted trellis epoxy)
PAIRS=${PAIRS:-"easy/random medium/easy hard/medium max/hard"}
MAX_GAMES=${MAX_GAMES:-$(( (games_per_match + 1) / 2 ))}

printf '%-9s %-7s %-7s %6s  %-24s %-20s %-13s %s\n' game A B games "A score [95% interval]" "Elo A-B [95%]" "A 1st/2nd" "time per move"
for game in "${games[@]}"; do
  for pair in $PAIRS; do
    a=${pair%%/*} b=${pair##*/}
    n=$games_per_match
    [ "$a" = max ] && n=$MAX_GAMES
    # Games run one at a time (--threads 1) so the time-based levels get both cores.
    # shellcheck disable=SC2086
    "$LUDUS" match "$game" ${OPTIONS:-} --a "$a" --b "$b" --games "$n" --threads 1 -q |
      awk -v g="$game" -v a="$a" -v b="$b" -v n="$n" '
        /^A score:/ { score = $3 " " $6 " " $7 }
        /^Elo/ { elo = $5 " " $8 " " $9 }
        /^A: / { seats = $11 "/" $14; gsub(/[,)]/, "", seats); sub(/-[0-9]+$/, "", seats); gsub(/-[0-9]+\//, "/", seats) }
        /^Average time per move:/ { sub(/^Average time per move: /, ""); ms = $0 }
        END { printf "%-9s %-7s %-7s %6s  %-24s %-20s %-13s %s\n", g, a, b, n, score, elo, seats, ms }'
  done
done
