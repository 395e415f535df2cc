// Every string of the page in English, 日本語 and 繁體中文. Card and workplace names come
// from the game's view (name_ja / name_zh); where a translation is missing (some
// Progress/Glory cards have no name_zh yet) the English name is shown.

const STRINGS = {
  en: {
    title: "keizai", tagline: "Economic board games, played fairly online",
    lobby: "Lobby", language: "Language", new_game: "New game", game: "Game",
    players: "Players", seat: "Seat", human: "Human", bot: "Bot", options: "Options",
    seed: "Seed (optional)", create: "Create game", games: "Games", no_games: "No games yet.",
    refresh: "Refresh", join: "Join", watch: "Watch", replay: "Replay", play: "Play",
    invite_links: "Invite links", copy: "Copy", copied: "Copied", open: "Open",
    you: "you", open_seat: "open", connected: "online", away: "away", over: "finished",
    step: "step", turn_of: "Turn: {0}", your_turn: "Your turn", waiting: "Waiting for {0}…",
    spectating: "You are watching.", game_over: "The game is over.",
    round: "Round", wage: "Wage", budget: "Budget", deck: "Deck", phase: "Phase",
    phase_action: "work", phase_payday: "payday", phase_over: "over",
    workplaces: "Workplaces", your_hand: "Your hand", hand: "Hand", buildings: "Buildings",
    money: "Money", workers: "Workers", ready: "ready", training: "in training",
    items: "Consumer Items", vp: "VP cards", unpaid: "Unpaid wages", cost: "Cost",
    value: "Value", start_player: "Start player", free: "free", sideways: "closed this round",
    public_building: "sold building", log: "Log", scores: "Scores", total: "Total",
    ranking: "Ranking", winner: "Winner", choices: "Choices", confirm: "Confirm",
    cancel: "Cancel", undo: "Undo", hand_to_bot: "Hand to a bot",
    prompt_place: "Click a workplace to send a worker there.",
    prompt_build: "Click the building to construct.",
    prompt_pay: "Discard {0} more card(s): click cards in your hand.",
    prompt_sell: "Payday: click buildings to sell until you can pay.",
    prompt_take: "Click the revealed card to keep.",
    prompt_option: "Choose an effect.", prompt_generic: "Choose an action.",
    confirm_pay: "Discard {0}?", confirm_sell: "Sell {0}?", confirm_action: "Do this: {0}?",
    revealed: "Revealed", paying_for: "Paying for", reconnecting: "Reconnecting…",
    error: "Error", back: "Back", forward: "Forward", first: "First", last: "Last",
    final_scores: "Final scores", breakdown: "Breakdown", view_as: "View as",
    everyone: "everyone (public)", solo_target: "Solo target", won: "won", lost: "lost",
    action_place: "Place a worker on {0}", action_place_own: "Place a worker on your {0}",
    action_place_public: "Place a worker on the public {0}", action_build: "Build {0}",
    action_pay: "Discard {0}", action_pay_item: "Discard a Consumer Item",
    action_sell: "Sell {0}", action_take: "Keep {0}",
    action_option_items: "Draw 2 Consumer Items",
    action_option_trade: "Discard 2 Consumer Items and draw 3 buildings",
    consumer_item: "Consumer Item", unknown_game_table: "Generic table: the game's view as it is",
    view: "View", state: "State", seats: "Seats", not_found: "Game not found.",
    bot_level: "Bot", solo: "solo", plain_table: "plain table",
    score_buildings: "buildings", score_bonuses: "bonuses", score_money: "money",
    score_vp_cards: "VP cards", score_unpaid_wages: "unpaid wages", score_target: "target",
    score_won: "won", score_companies: "companies", score_cash: "cash",
    icon_agriculture: "agriculture", icon_industry: "industry", icon_facility: "facility",
    icon_no_sale: "no sale", icon_no_worker: "no workers",
    ee_roll: "Roll the die", ee_turn: "Turn", ee_price_pile: "Price cards", ee_offer: "Offer",
    ee_buy: "Buy", ee_pass: "Do not buy", ee_take_from: "Buy, taking it from {0}",
    ee_jump: "Jump and meet the demand", ee_stay: "Stay", ee_demand: "Demand",
    ee_bank: "Bank", ee_cash: "Cash", ee_companies: "Companies",
    ee_price_cards: "Price cards", ee_play: "Play {0}: move {1}",
    ee_draw_from: "Draw a price card from {0}", ee_corner: "Headquarters on corner {0}",
    ee_phase_move: "move", ee_phase_offer: "offer", ee_phase_research: "research",
    ee_phase_refill: "refill", ee_phase_placing: "set-up", ee_phase_over: "over",
    ee_prompt_move: "Roll the die or play a price card from your hand.",
    ee_prompt_offer: "Buy the revealed material or pass.",
    ee_prompt_research: "Jump ahead to meet the demand, or stay.",
    ee_prompt_refill: "Click the player to draw a price card from.",
    ee_prompt_placing: "Click a corner for your headquarters.", ee_prompt_over: "",
  },
  ja: {
    title: "keizai", tagline: "経済ボードゲームをオンラインで公正に",
    lobby: "ロビー", language: "言語", new_game: "新しいゲーム", game: "ゲーム",
    players: "人数", seat: "席", human: "人間", bot: "ボット", options: "オプション",
    seed: "シード（任意）", create: "ゲームを作成", games: "ゲーム一覧",
    no_games: "まだゲームがありません。", refresh: "更新", join: "参加", watch: "観戦",
    replay: "リプレイ", play: "プレイ", invite_links: "招待リンク", copy: "コピー",
    copied: "コピーしました", open: "開く", you: "あなた", open_seat: "空席",
    connected: "接続中", away: "不在", over: "終了", step: "手", turn_of: "手番: {0}",
    your_turn: "あなたの手番です", waiting: "{0} を待っています…",
    spectating: "観戦中です。", game_over: "ゲーム終了。",
    round: "ラウンド", wage: "賃金", budget: "家計", deck: "山札", phase: "フェイズ",
    phase_action: "労働", phase_payday: "給料日", phase_over: "終了",
    workplaces: "職場", your_hand: "あなたの手札", hand: "手札", buildings: "建物",
    money: "お金", workers: "労働者", ready: "待機", training: "研修中",
    items: "消費財", vp: "勝利点カード", unpaid: "未払い賃金", cost: "コスト",
    value: "価値", start_player: "スタートプレイヤー", free: "空き",
    sideways: "このラウンドは使用不可", public_building: "売却された建物", log: "ログ",
    scores: "得点", total: "合計", ranking: "順位", winner: "勝者", choices: "選択肢",
    confirm: "確定", cancel: "キャンセル", undo: "取り消し", hand_to_bot: "ボットに任せる",
    prompt_place: "労働者を置く職場をクリックしてください。",
    prompt_build: "建てる建物をクリックしてください。",
    prompt_pay: "あと {0} 枚捨ててください：手札のカードをクリック。",
    prompt_sell: "給料日：支払えるまで売る建物をクリックしてください。",
    prompt_take: "手元に残すカードをクリックしてください。",
    prompt_option: "効果を選んでください。", prompt_generic: "行動を選んでください。",
    confirm_pay: "{0} を捨てますか？", confirm_sell: "{0} を売りますか？",
    confirm_action: "{0} を実行しますか？", revealed: "公開されたカード",
    paying_for: "支払い対象", reconnecting: "再接続中…", error: "エラー",
    back: "戻る", forward: "進む", first: "最初", last: "最後", final_scores: "最終得点",
    breakdown: "内訳", view_as: "視点", everyone: "全員（公開情報）",
    solo_target: "ソロ目標", won: "達成", lost: "未達成",
    action_place: "{0} に労働者を置く", action_place_own: "自分の {0} に労働者を置く",
    action_place_public: "公共の {0} に労働者を置く", action_build: "{0} を建てる",
    action_pay: "{0} を捨てる", action_pay_item: "消費財を1枚捨てる",
    action_sell: "{0} を売る", action_take: "{0} を取る",
    action_option_items: "消費財を2枚引く",
    action_option_trade: "消費財を2枚捨てて建物を3枚引く",
    consumer_item: "消費財", unknown_game_table: "汎用表示：ゲームの情報をそのまま表示",
    view: "表示", state: "状態", seats: "席", not_found: "ゲームが見つかりません。",
    bot_level: "ボット", solo: "ソロ", plain_table: "簡易表示",
    score_buildings: "建物", score_bonuses: "ボーナス", score_money: "お金",
    score_vp_cards: "勝利点カード", score_unpaid_wages: "未払い賃金", score_target: "目標",
    score_won: "達成", score_companies: "会社", score_cash: "現金",
    icon_agriculture: "農業", icon_industry: "工業", icon_facility: "施設",
    icon_no_sale: "売却不可", icon_no_worker: "配置不可",
    ee_roll: "サイコロを振る", ee_turn: "手番", ee_price_pile: "価格カード", ee_offer: "売り出し",
    ee_buy: "買う", ee_pass: "買わない", ee_take_from: "{0} から奪って買う",
    ee_jump: "ジャンプして需要を満たす", ee_stay: "留まる", ee_demand: "需要",
    ee_bank: "銀行", ee_cash: "現金", ee_companies: "会社",
    ee_price_cards: "価格カード", ee_play: "{0} を出す：{1} マス進む",
    ee_draw_from: "{0} から価格カードを引く", ee_corner: "角 {0} に本社を置く",
    ee_phase_move: "移動", ee_phase_offer: "売り出し", ee_phase_research: "調査",
    ee_phase_refill: "補充", ee_phase_placing: "準備", ee_phase_over: "終了",
    ee_prompt_move: "サイコロを振るか、手札の価格カードを出してください。",
    ee_prompt_offer: "公開された原料を買うか、見送ってください。",
    ee_prompt_research: "ジャンプして需要を満たすか、留まってください。",
    ee_prompt_refill: "価格カードを引く相手をクリックしてください。",
    ee_prompt_placing: "本社を置く角をクリックしてください。", ee_prompt_over: "",
  },
  zh: {
    title: "keizai", tagline: "公平的線上經濟桌遊",
    lobby: "大廳", language: "語言", new_game: "新遊戲", game: "遊戲",
    players: "人數", seat: "座位", human: "真人", bot: "電腦", options: "選項",
    seed: "種子（選填）", create: "建立遊戲", games: "遊戲列表", no_games: "還沒有遊戲。",
    refresh: "重新整理", join: "加入", watch: "觀戰", replay: "重播", play: "遊玩",
    invite_links: "邀請連結", copy: "複製", copied: "已複製", open: "開啟", you: "你",
    open_seat: "空位", connected: "在線", away: "離開", over: "已結束", step: "步",
    turn_of: "輪到：{0}", your_turn: "輪到你了", waiting: "等待 {0}…",
    spectating: "你正在觀戰。", game_over: "遊戲結束。",
    round: "回合", wage: "工資", budget: "家計", deck: "牌庫", phase: "階段",
    phase_action: "工作", phase_payday: "發薪日", phase_over: "結束",
    workplaces: "工作地點", your_hand: "你的手牌", hand: "手牌", buildings: "建築",
    money: "金錢", workers: "工人", ready: "待命", training: "培訓中",
    items: "消費品", vp: "勝利點卡", unpaid: "欠薪", cost: "成本", value: "價值",
    start_player: "起始玩家", free: "空", sideways: "本回合不可用",
    public_building: "已出售的建築", log: "紀錄", scores: "分數", total: "總分",
    ranking: "名次", winner: "勝者", choices: "選項", confirm: "確認", cancel: "取消",
    undo: "悔棋", hand_to_bot: "交給電腦",
    prompt_place: "點擊一個工作地點派出工人。", prompt_build: "點擊要建造的建築。",
    prompt_pay: "還需棄 {0} 張牌：點擊手牌。",
    prompt_sell: "發薪日：點擊要出售的建築直到能付清工資。",
    prompt_take: "點擊要保留的公開牌。", prompt_option: "選擇一個效果。",
    prompt_generic: "選擇一個行動。", confirm_pay: "棄掉 {0}？", confirm_sell: "出售 {0}？",
    confirm_action: "執行：{0}？", revealed: "公開的牌", paying_for: "支付對象",
    reconnecting: "重新連線中…", error: "錯誤", back: "上一步", forward: "下一步",
    first: "開頭", last: "結尾", final_scores: "最終分數", breakdown: "明細",
    view_as: "視角", everyone: "所有人（公開資訊）", solo_target: "單人目標",
    won: "達成", lost: "未達成",
    action_place: "派工人到 {0}", action_place_own: "派工人到你的 {0}",
    action_place_public: "派工人到公共的 {0}", action_build: "建造 {0}",
    action_pay: "棄掉 {0}", action_pay_item: "棄掉 1 張消費品", action_sell: "出售 {0}",
    action_take: "保留 {0}", action_option_items: "抽 2 張消費品",
    action_option_trade: "棄 2 張消費品並抽 3 張建築",
    consumer_item: "消費品", unknown_game_table: "通用桌面：直接顯示遊戲資訊",
    view: "顯示", state: "狀態", seats: "座位", not_found: "找不到遊戲。",
    bot_level: "電腦", solo: "單人", plain_table: "簡易顯示",
    score_buildings: "建築", score_bonuses: "獎勵", score_money: "金錢",
    score_vp_cards: "勝利點卡", score_unpaid_wages: "欠薪", score_target: "目標",
    score_won: "達成", score_companies: "公司", score_cash: "現金",
    icon_agriculture: "農業", icon_industry: "工業", icon_facility: "設施",
    icon_no_sale: "不可出售", icon_no_worker: "不可派工",
    ee_roll: "擲骰子", ee_turn: "回合", ee_price_pile: "價格卡", ee_offer: "開價",
    ee_buy: "購買", ee_pass: "不買", ee_take_from: "購買並從 {0} 取得",
    ee_jump: "跳躍並滿足需求", ee_stay: "留在原地", ee_demand: "需求",
    ee_bank: "銀行", ee_cash: "現金", ee_companies: "公司",
    ee_price_cards: "價格卡", ee_play: "打出 {0}：前進 {1} 格",
    ee_draw_from: "從 {0} 抽一張價格卡", ee_corner: "總部設在角落 {0}",
    ee_phase_move: "移動", ee_phase_offer: "開價", ee_phase_research: "調查",
    ee_phase_refill: "補牌", ee_phase_placing: "準備", ee_phase_over: "結束",
    ee_prompt_move: "擲骰子或打出手上的價格卡。",
    ee_prompt_offer: "購買公開的原料或放棄。",
    ee_prompt_research: "跳躍以滿足需求，或留在原地。",
    ee_prompt_refill: "點擊要抽價格卡的玩家。",
    ee_prompt_placing: "點擊角落設立總部。", ee_prompt_over: "",
  },
};

export const LANGUAGES = [["en", "English"], ["ja", "日本語"], ["zh", "繁體中文"]];

function initialLanguage() {
  const saved = localStorage.getItem("keizai.lang");
  if (saved && STRINGS[saved]) return saved;
  const nav = (navigator.language || "en").toLowerCase();
  if (nav.startsWith("ja")) return "ja";
  if (nav.startsWith("zh")) return "zh";
  return "en";
}

let current = initialLanguage();

export function lang() { return current; }

export function setLang(code) {
  if (!STRINGS[code]) return;
  current = code;
  localStorage.setItem("keizai.lang", code);
  document.documentElement.lang = code === "zh" ? "zh-Hant" : code;
}

/** The string `key` in the current language, with {0}, {1}… replaced by `args`. */
export function t(key, ...args) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ""));
}

/** A card's or workplace's name in the current language (English when untranslated). */
export function nameOf(entry) {
  if (!entry) return "";
  if (current === "ja" && entry.name_ja) return entry.name_ja;
  if (current === "zh" && entry.name_zh) return entry.name_zh;
  return entry.name ?? entry.id ?? "";
}

export function seatName(seat) { return `P${seat + 1}`; }

const TITLES = {
  "national-economy/progress": ["ナショナルエコノミー", "國民經濟"],
  "national-economy/mecenat": ["ナショナルエコノミー・メセナ", "國民經濟：贊助"],
  "national-economy/glory": ["ナショナルエコノミー・グローリー", "國民經濟：榮耀"],
  "enterprise-empire": ["企業帝國", "企業帝國"],
  futuropia: ["フューチュロピア", "未來烏托邦"],
};

/** A game's title in the current language (the server's English title otherwise). */
export function gameTitle(gameId, english) {
  const names = TITLES[gameId];
  if (!names || current === "en") return english;
  return names[current === "ja" ? 0 : 1];
}
