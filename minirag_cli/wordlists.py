"""The word lists that say a capitalised word names nothing (COMMON_WORDS, LABEL_WORDS) and a note's name says no
thing (GENERIC_TITLES): heuristic extraction's, sync's and the question side's (topicnotes.py) alike. A module of
lists only, light to import: `mrag ask` reads them without compiling the extraction rules' regexes."""

from __future__ import annotations

from minirag_cli.text import MONTH_WORDS

# Words that are capitalised because they start a sentence or are "I", not
# because they name something. Lower-cased.
COMMON_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i i'd i'll i'm i've if in into is it it's its itself just let
let's me more most my myself no nor not now of off on once only or other our ours ourselves out over own
same she should so some such than that that's the their theirs them themselves then there these they this
those through to too under until up very was we we're we've were what when where which while who whom why
will with would you you're you've your yours yourself yourselves yes yeah yep nope ok okay oh hey hi hello
thanks thank sure great awesome cool nice wow well maybe perhaps absolutely definitely sounds sound good
glad sorry please hope haha lol totally exactly right alright anyway also actually honestly plus speaking
let's what's how's that's there's here's it's i'll we'll you'll they'll he's she's time date subject from to
cc re fwd note notes todo done tbd however therefore meanwhile also first second third next last finally
today tomorrow yesterday tonight morning evening afternoon night day week month year weekend
monday tuesday wednesday thursday friday saturday sunday
can't don't won't isn't aren't wasn't weren't didn't doesn't haven't hasn't couldn't shouldn't wouldn't
do does did looking looks look just got get gets getting make makes made take takes took need needs
remember maybe btw fyi dear best regards cheers love see talk catch bye goodbye morning congrats
later earlier afterwards afterward eventually
they're they've they'd
""".split())
# The weekdays abbreviated (`Tue + Thu 10:15`, `office hours Wed 11-12`) as MONTHS holds the months'
# (heuristic rules 16: a timetable made Mon, Tue, Wed, Thu and Fri names); `Sun` is a family name too (Sun
# Li), left out. Not the plurals (`Sundays`): LiHua's graph retrieval lost recall@10 0.5252 -> 0.5235 by them
# (`Weds` too, rules 30: a teacher's `Weds 16 Dec P1` made it a name of 10 mentions)
WEEKDAY_WORDS = frozenset("mon tue tues wed weds thu thur thurs fri sat".split())
COMMON_WORDS = COMMON_WORDS | frozenset(MONTH_WORDS) | WEEKDAY_WORDS
# The labels Markdown and plain notes open lines with (`Status: done`, `Action
# items:`), lower-cased: never a chat speaker, even in a note that reads like
# a chat, and no name. A backstop: a label line of a note that is no chat is
# no speaker whatever its word (chat_speakers); these are the labels that
# recur within a note (a task list's `Status:` and `Owner:`) or that a chat
# note holds too. COMMON_WORDS holds `Note`, `Todo`, `Done`, `Date`, `Subject`.
# Then Chinese (simplified and traditional) and Japanese ones (`时间：`, `結論：`,
# `担当者：`), which have no case to tell a name by, and the words for "everyone"
# and "we" a group chat's lines open with (`大家：`, `みんな：`). A log's levels
# (`INFO:`, `DEBUG:`, `FATAL:`; `ERROR:` and `WARNING:` were labels already) too. And a record's fields (an
# invoice's `Amount:`, `Rate:`, `Terms:`, a booking's `Confirmation:`, a health record's `Allergies:`: rules 30).
LABEL_WORDS = frozenset(
    w.replace("_", " ") for w in """
goal goals objective objectives purpose status state owner owners assignee assignees attendees participants present
absent summary tl;dr tldr agenda action actions action_items action_item update updates decision decisions outcome
outcomes result results next_steps next_step steps step context background problem problems issue issues question
questions answer answers idea ideas risk risks blocker blockers blocked priority due deadline due_date topic topics
project location where when who what why how type category categories tags tag source sources link links reference
references url email phone address contact name title author description details example examples warning tip tips
important reminder takeaway takeaways key_takeaways conclusion conclusions lesson lessons lessons_learned pros cons
feedback follow-up follow-ups follow_up follow_ups comment comments q a input output error errors fix solution
workaround cause impact scope meeting meeting_notes highlights wins mood total cost price budget estimate effort
progress milestone milestones caveat caveats requirements requirement deliverables deliverable
info debug trace warn fatal critical notice fixme related see_also method methods paper
hypothesis root_cause cleanup repro
abstract claim metric size
severity ticket verify escalation standup runbook flaky
full_title document_tags asin isbn
amount rate payment balance subtotal deposit fee invoice quote terms timeline confirmation booking allergies medications
dose
admin news note
""".split()) | frozenset("""
时间 日期 日程 地点 地址 主题 议题 标题 作者 来源 出处 链接 网址 备注 附注 注 说明 总结 小结 结论 决定 决议 待办 待办事项 任务
目标 目的 状态 进度 进展 负责人 参会人 参会人员 参与人 参与者 出席 出席人员 与会者 与会人员 缺席 主持 主持人 记录 记录人 会议
会议记录 会议纪要 纪要 问题 问 答 回答 答案 原因 结果 方案 计划 安排 下一步 后续 行动项 风险 优先级 截止 截止日期 预算 费用 价格
成本 标签 分类 类型 描述 内容 摘要 要点 重点 注意 注意事项 提示 例如 比如 示例 例子 评价 评分 感想 心得 笔记 读后感 摘录 引用
书名 出版社 页数 章节 电话 邮箱 天气 心情 优点 缺点 想法 反馈 参考 参考资料 附件 背景 需求 步骤 输入 输出 错误 解决 解决方案
原文 翻译 译文 定义 关键词 今天 明天 昨天 上午 下午 晚上 其他 其它 总计 合计 支出 收入 材料 做法 地點 議題 標題 備註 說明
總結 結論 負責人 參會人 參會人員 與會者 記錄 會議 會議記錄 紀要 問題 回答 結果 計劃 風險 優先級 費用 價格 標籤 分類 類型 內容
重點 評價 筆記 讀後感 參考 參考資料 附件 需求 步驟 輸入 輸出 錯誤 解決 解決方案 翻譯 關鍵詞 其他 總計 合計
日時 日付 場所 件名 題名 タイトル 著者 出典 リンク メモ 要約 まとめ 決定事項 タスク 進捗 担当 担当者 参加者 出席者 欠席者 司会
書記 議事録 質問 方針 次回 アクション リスク 優先度 期限 締め切り 予算 タグ 種類 概要 ポイント 感想 評価 出版社 ページ メール
気分 メリット デメリット 考え フィードバック 参考文献 添付 要件 手順 入力 出力 エラー 解決策 定義 キーワード 今日 明日 昨日
午前 午後 その他 合計 ステータス 目標 状態 内容 説明 結論 決定 問題 原因 結果 計画 備考 注意 引用 背景 目的
大家 我们 你们 他们 她们 咱们 所有人 全体 全员 大家伙 我們 你們 他們 全體 全員 みんな 皆さん 皆様 私たち 僕たち
""".split())
# A note's name that says no thing, lower-cased: a word that starts a sentence or labels a line (`Meeting`,
# `Summary`), a note kind's (`Untitled`, `Inbox`, `Draft`), or a kind's two words (`Work log`, `Quick notes`).
# sync._naming: such a `title:` names no note; topicnotes.py: such a file name is no topic's (a name of these
# words alone, `Meeting notes`, `Daily log`, is said in questions about other things).
NOTE_KIND_WORDS = frozenset("untitled note journal inbox draft misc scratch copy new daily item weekly monthly "
                            "log dump thoughts minutes".split())
GENERIC_TITLES = COMMON_WORDS | LABEL_WORDS | NOTE_KIND_WORDS | frozenset(
    w.replace("_", " ") for w in """
work_log quick_notes call_notes meeting_minutes brain_dump random_thoughts useful_links phone_numbers
today_i_learned year_in_review daily_log
""".split())
