"""The message catalogue: complete in the three languages, consistent with the game data,
and its renderer's format specs."""

from __future__ import annotations

import json
import string
from importlib import resources

import pytest

import keizai
from keizai import i18n
from keizai.i18n import LANGUAGES, action_key, action_label, catalogue, msg, render, tr
from keizai.rules.enterprise_empire.data import components as ee_components
from keizai.rules.futuropia.data import components as fu_components
from keizai.rules.national_economy.cards import card_set

NE_GAMES = ("national-economy/progress", "national-economy/mecenat", "national-economy/glory")


def test_every_message_id_has_all_three_translations() -> None:
    english = catalogue("en")
    for lang in LANGUAGES:
        found = catalogue(lang)
        assert set(found) == set(english), lang
        assert all(isinstance(v, str) and (v or k.endswith("_over")) for k, v in found.items())


def test_every_template_uses_only_the_known_format_specs() -> None:
    for lang in LANGUAGES:
        for key, template in catalogue(lang).items():
            for _, name, spec, _ in string.Formatter().parse(template):
                if name is not None and spec:
                    kind = spec.split(":")[0]
                    assert kind in ("seat", "t", "plural", "m", "action", "ordinal"), \
                        (lang, key, spec)


def test_keys_translated_without_a_printed_source_are_marked() -> None:
    for lang in ("ja", "zh-TW"):
        raw = json.loads(resources.files("keizai.i18n").joinpath(f"{lang}.json").read_text())
        unsourced = set(raw["@unsourced"])
        assert "ne.text.farm" in unsourced and "ne.log.payday" in unsourced
        assert "ne.card.farm" not in unsourced or lang == "zh-TW"
    zh = json.loads(resources.files("keizai.i18n").joinpath("zh-TW.json").read_text())
    assert "ne.card.potato_field" not in zh["@unsourced"]  # from the Chinese Mecenat rulebook
    assert "ne.card.coffee_shop" in zh["@unsourced"]  # Progress: no Chinese source


def ne_cards(game: str) -> list:
    cards = card_set(game.split("/")[1])
    return [*cards.initial, *cards.faces, *cards.buildings]


@pytest.mark.parametrize("game", NE_GAMES)
def test_every_national_economy_card_has_a_name_and_text_in_three_languages(game: str) -> None:
    for card in ne_cards(game):
        for lang in LANGUAGES:
            assert i18n.has(f"ne.card.{card.id}", lang), (card.id, lang)
            assert i18n.has(f"ne.text.{card.id}", lang), (card.id, lang)
        assert tr(f"ne.card.{card.id}", "en") == card.name_en
        assert tr(f"ne.text.{card.id}", "en") == card.text_en
        # The printed names kept in the game data are the catalogue's names.
        assert tr(f"ne.card.{card.id}", "ja") == card.name_ja
        if card.name_zh:
            assert tr(f"ne.card.{card.id}", "zh-TW") == card.name_zh


def test_progress_and_glory_buildings_have_chinese_names() -> None:
    for game in ("national-economy/progress", "national-economy/glory"):
        for card in card_set(game.split("/")[1]).buildings:
            name = tr(f"ne.card.{card.id}", "zh-TW")
            assert name and name != card.name_en and not name.isascii(), card.id


def test_every_enterprise_empire_component_is_named_in_three_languages() -> None:
    parts = ee_components()
    keys = [f"ee.material.{m.id}" for m in parts.materials]
    keys += [f"ee.group.{g.id}" for g in parts.groups]
    keys += [f"ee.space.{s.kind}" for s in parts.board]
    keys += [f"ee.card.{c.id}" for c in parts.companies]
    keys += [f"ee.text.{c.id}" for c in parts.companies]
    keys += [f"ee.pawn.{g.pawn}" for g in parts.groups]
    for lang in LANGUAGES:
        assert all(i18n.has(key, lang) for key in keys), lang
    assert tr("ee.card.B1", "zh-TW") == "航空公司"  # the rulebook's own Chinese


def test_enterprise_empire_s_materials_are_named_alike_and_cards_list_them_so() -> None:
    """English named 企業帝國's materials "Oil", "Storefront" ... and "Real estate", the one
    lower-case word among them (the board's spaces: "Property Sales", National Economy's
    card: "Real Estate"), in the terminal's tables, the menu's offer and the log. Every
    word of a material's English name is capitalised, and each company card's text lists
    its materials by the names the board gives them, in the card's order (G2, G4 and G5
    listed the recipes they had before the reference changed them)."""
    parts = ee_components()
    for material in parts.materials:
        name = tr(f"ee.material.{material.id}", "en")
        assert name == string.capwords(name), name
    for card in parts.companies:
        for lang, sep in (("en", ", "), ("ja", "、"), ("zh-TW", "、")):
            names = [tr(f"ee.material.{parts.materials[m].id}", lang) for m in card.materials]
            assert tr(f"ee.text.{card.id}", lang) == sep.join(names), (card.id, lang)


def test_every_futuropia_component_is_named_in_three_languages() -> None:
    parts = fu_components()
    keys = [f"fu.gen.{g.id}" for g in parts.generators]
    keys += ["fu.house.name", "fu.house.special_name", "fu.house.starting"]  # by the data
    keys += [f"fu.card.{x.id}" for x in parts.expert_tiles]
    keys += [f"fu.text.{x.id}" for x in parts.expert_tiles]
    keys += [f"fu.tile.{t}" for t in ("food", "power", "invite", "robots", "subsidy")]
    for lang in LANGUAGES:
        assert all(i18n.has(key, lang) for key in keys), lang


@pytest.mark.parametrize("game", keizai.games())
def test_every_action_has_a_label_in_three_languages(game: str) -> None:
    for action in keizai.get_game(game).action_space.actions:
        for lang in LANGUAGES:
            assert action_key(game, action.name, lang) is not None, (action.name, lang)
            label = action_label(game, action.name, lang)
            assert "{" not in label and label != action.name


def test_the_format_specs() -> None:
    assert tr("ne.log.draws_cards", "en", seat=1, cards=["farm", "mine"]) == \
        "P2 draws Farm, Mine."
    assert tr("ne.log.draws_cards", "ja", seat=0, cards=["farm", "mine"]) == \
        "P1が農場、鉱山を引く。"
    assert tr("ne.log.draws_cards", "en", seat=0, cards=[]) == "P1 draws nothing."
    assert tr("ne.log.place", "en", seat=0, card="mine", workers=1) == "P1 places a worker on Mine."
    assert tr("ne.log.place", "en", seat=0, card="coal_mine", workers=2) == \
        "P1 places two workers on Coal Mine."
    assert tr("fu.log.loans", "en", seat=2, n=1) == "P3 takes 1 loan."
    assert tr("fu.log.loans", "en", seat=2, n=3) == "P3 takes 3 loans."
    assert tr("no.such.key") == "no.such.key"


def test_the_ordinal_spec_counts_in_english_and_gives_the_number_elsewhere() -> None:
    assert [i18n.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
         "111th", "112th"]
    why = {"text": "no"}
    assert tr("refuse.record_action", "en", action=3, name="'x'", why=why) == \
        "the record's 3rd move ('x'): no"
    assert tr("refuse.record_action", "ja", action=3, name="'x'", why=why).startswith(
        "記録の3番目の行動")
    assert tr("refuse.record_action", "zh-TW", action=3, name="'x'", why=why).startswith(
        "紀錄中第3個行動")


def test_the_page_renders_the_ordinal_spec_as_python_does() -> None:
    """The JavaScript twin (web/static/i18n.js) knows the spec too."""
    source = (resources.files("keizai.web") / "static" / "i18n.js").read_text("utf-8")
    assert 'kind === "ordinal"' in source and "function ordinal(n)" in source


def test_old_plain_text_events_still_render() -> None:
    assert render("P1 did something.", "ja") == "P1 did something."
    assert render(msg("ne.log.over"), "zh-TW") == "遊戲結束。"
    assert i18n.to_json("plain") == {"text": "plain"}
    assert i18n.to_json(msg("ne.log.payday", round=3)) == {"id": "ne.log.payday",
                                                           "params": {"round": 3}}


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        catalogue("fr")


# Common characters that only Simplified Chinese writes (each has its own Traditional form,
# e.g. 场 → 場, 车 → 車, 旧 → 舊); none belongs in the 繁體中文 catalogue.
SIMPLIFIED_ONLY = (
    "们这个来时为说国动发会过对开关长还进现电点经实业军机东车场样产头没员问门间体与义"
    "将边给应学记认见从气两难无话让书请区师钱设变号传写资许并论级办陆华决亲术带热战运"
    "报结别总选务诉爱层统处条转风红观马专单买卖离连张农觉团远题岁节标类乐饭馆药营图计"
    "语读议讲谈识贵费货贸赛银铁钟错钢闻队阳阴际陈随鸡鱼鸟龙齐齿简约纪组终绍绿线练细织"
    "维综罗职联肃脑脚艺荣获虽补装规视览讨训访证评诗试诸课谁调谢贝负财责败质购贷贺赢赶"
    "趋跃轮软轻较辆辈辉达迁违迟递遗邮郑酱释针钓铜铺链销锁锅锋镇闭闲闹阅阶险隐韩页顶项"
    "顺须顾顿领频颜额飞饮饰饱饼驾验骑鲁鸣麦黄仓库医厅历压县吗听吨呜响哑唤围园圆圣坏块"
    "坚坛坝坟垄备复够夹夺奋妇妈姗娱婴宝宠审宪宫宽宾寻导寿岛峡币帅帐帜帮帧庆庐庙废异弃"
    "弹强归当录彻径忆忧怀态怜恋恶悬惊惧惨惯愤扑执扩扫扬扰抚抛抢护担拟拢拥择挡挣挤挥损"
    "换捣掳掷掸掺揽搀搁搂搅携摄摆摇摊撑撵擞攒敌数斋断旧旷昼显晋晒晓晕暂杀杂权杨构枪栈"
    "栋栏树档桥桦梦检楼横欢欧残毁毕汇汉汤沟沣沦沧泪泼泽洁洒浅浆浇浊测济浏浑浓涛涝涡润"
    "涨渊渍渐渔湾湿溃满滤滥滨滩潇潜澜灭灯灵灾灿炉炖炜炼烁烂烛烟烦烧烫焕爷牍牵犹狈独狭"
    "狮狱猎猪猫献獭玛环琐琼瑶璎画畅疖疗疟疮疯痈痒痨痪痫瘫癞皑盏盐监盖盘睁瞒矫矿码砖砚"
    "砾础硕碍礼祸积称秽稳穷窃窍窑窜窝竖竞笔笋笼筛筹签箩篓篮粮粪糁紧纠纤纫纬纯纱纲纳纵"
    "纷纸纹纺纽绅绊绑绒绕绘络绝绢继绩绪续绳绵绸绽缀缆缓编缘缚缝缠缩缴网罚罢羡翘耸耻聂"
    "聋肠肤肾肿胀胁胆胶脉脏脐脓脸腾舆舰舱艳芜芦苇苍苏茎荚荡荧莱莲莹萝萧蓝蔷蕴虏虑虚虾"
    "蚀蚁蚂蛮蝇衅衬袄袜袭裤誉誊订讣讥讫讯讳讶讹讼诀诈诊词译诚诞诡询该详诫误诱诺谅谊谋"
    "谍谎谐谓谜谣谦谨谬谭谱谴贞贡贤账贩贪贫贬贮贯贱贴贼贾贿赁赋赌赎赏赐赔赖赚赞赠赡赵"
    "践踪蹿躏轧轨轩轰轴载轿辅辑输辖辙辞辩辫辽迈逊逻遥邓邻酝酿鉴钉钙钝钞钠钥钦钧钩钮钳"
    "钻铃铅铛铝铭铲铸锄锈锌锐锚锡锣锤锥锦键锯锰镀镑镜镰闪闯闰闷闸闺阀阁阐阔阵陇陕隶雏"
    "雳雾霁靓静韦韧顷顽颁颂预颇颈颊颗颠颤飘饥饲饶饺馅馈馋驮驰驱驳驴驶驹驻驼骂骄骆骇骏"
    "骗骚骤鲜鲸鳄鸥鸦鸭鸯鸳鸽鸿鹅鹊鹏鹤鹰龄龟"
)


def test_the_traditional_chinese_catalogue_has_no_simplified_characters() -> None:
    assert len(set(SIMPLIFIED_ONLY)) > 800
    found = {key: sorted(set(text) & set(SIMPLIFIED_ONLY))
             for key, text in catalogue("zh-TW").items() if set(text) & set(SIMPLIFIED_ONLY)}
    assert not found, found
    assert tr("ne.card.market", "zh-TW") == "市場"
