// SPDX-License-Identifier: Apache-2.0
#pragma once
// The GTP time control of one colour (GTP 2, section 4.2: `time_settings main_time
// byo_yomi_time byo_yomi_stones`, Canadian byo-yomi; `time_left color time stones`) and
// the thinking time it allows for the next move.
#include <algorithm>
#include <string>

namespace ludus::cli {

class GtpClock {
 public:
  // time_settings: main time, then `byo_time` seconds for every `byo_stones` moves.
  // byo_time > 0 with byo_stones == 0 means no time limit (GTP's convention).
  void set(double main_seconds, double byo_time, int byo_stones) {
    limited_ = !(byo_time > 0 && byo_stones == 0);
    main_left_ = main_seconds;
    byo_time_ = byo_time;
    byo_stones_ = byo_stones;
    period_left_ = byo_time;
    stones_left_ = 0;
  }
  // time_left: `seconds` left; `stones` > 0 while in byo-yomi (moves to make in them).
  void update(double seconds, int stones) {
    limited_ = true;
    if (stones == 0) {
      main_left_ = seconds;
    } else {
      main_left_ = 0;
      period_left_ = seconds;
      stones_left_ = stones;
    }
  }
  // Books the time a move took, until the controller's next time_left corrects it.
  void spend(double seconds) {
    if (!limited_) return;
    if (main_left_ > 0) {
      main_left_ = std::max(0.0, main_left_ - seconds);
      return;
    }
    if (stones_left_ == 0) stones_left_ = byo_stones_, period_left_ = byo_time_;
    period_left_ = std::max(0.0, period_left_ - seconds);
    if (--stones_left_ <= 0) stones_left_ = 0;
  }

  bool limited() const { return limited_; }

  // Seconds to think about the next move: a twentieth of the main time left (plus
  // nothing from byo-yomi while main time lasts), else an even share of the byo-yomi
  // period over its stones; 80% of that, for the controller's overhead.  At least 10 ms.
  double move_budget() const {
    double budget;
    if (main_left_ > 0) budget = main_left_ / 20;
    else if (stones_left_ > 0) budget = period_left_ / stones_left_;
    else if (byo_stones_ > 0) budget = byo_time_ / byo_stones_;
    else budget = 0;  // sudden death with no time left: move at once
    return std::max(0.01, budget * 0.8);
  }

 private:
  bool limited_ = false;
  double main_left_ = 0;
  double byo_time_ = 0;
  int byo_stones_ = 0;
  double period_left_ = 0;
  int stones_left_ = 0;  // 0: in main time, or the byo-yomi period not started
};

}  // namespace ludus::cli
