#!/usr/bin/env python3
"""Writes the small dumps the open-data import tests read, in the shapes the real
dumps have: the knowledge base's JSON entity dump (a JSON array, one entity per line,
each line but the last ending with a comma; plain, gzip and bzip2) and MusicBrainz's
artist JSON dump (one artist per line; plain and xz, and inside a tar archive as
mbdump/artist). Rerun it after changing the fixtures: python3 make_dumps.py"""
import bz2, gzip, io, json, lzma, tarfile, zlib

MBID_BAND = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"
MBID_SINGER = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
MBID_BY_ITEM = "cccccccc-0000-4000-8000-000000000001"
MBID_CITY_COUNTRY = "cccccccc-0000-4000-8000-000000000004"
MBID_CITY_CITY = "cccccccc-0000-4000-8000-000000000005"
MBID_CROONER = "cccccccc-0000-4000-8000-000000000006"
MBID_ORCHESTRA = "cccccccc-0000-4000-8000-000000000007"
MBID_CHOIR = "cccccccc-0000-4000-8000-000000000008"

def snak(prop, value, kind, datatype):
    return {"snaktype": "value", "property": prop, "hash": "0" * 40,
            "datavalue": {"value": value, "type": kind}, "datatype": datatype}

def statement(qid, prop, value, kind, datatype, qualifiers=None, rank="normal"):
    s = {"mainsnak": snak(prop, value, kind, datatype), "type": "statement",
         "id": f"{qid}$00000000-0000-0000-0000-{len(prop):012d}", "rank": rank}
    if qualifiers:
        s["qualifiers"] = qualifiers
        s["qualifiers-order"] = list(qualifiers)
    return s

def item(qid, target):
    return ({"entity-type": "item", "numeric-id": int(target[1:]), "id": target},
            "wikibase-entityid", "wikibase-item")

GREGORIAN = "http://www.wikidata.org/entity/Q1985727"
JULIAN = "http://www.wikidata.org/entity/Q1985786"

def time(value, precision, calendar=GREGORIAN):
    return ({"time": value, "timezone": 0, "before": 0, "after": 0, "precision": precision,
             "calendarmodel": calendar}, "time", "time")

def unknown(qid, prop, datatype):
    """A statement whose value is not known (`somevalue`): dead, but when is not known."""
    return {"mainsnak": {"snaktype": "somevalue", "property": prop, "hash": "0" * 40,
                         "datatype": datatype},
            "type": "statement", "id": f"{qid}$00000000-0000-0000-0000-000000000009",
            "rank": "normal"}

def entity(qid, labels, claims=None, enwiki=None, aliases=None, descriptions=None):
    e = {"type": "item", "id": qid,
         "labels": {lang: {"language": lang, "value": v} for lang, v in labels.items()},
         "descriptions": {lang: {"language": lang, "value": v}
                          for lang, v in (descriptions or {}).items()},
         "aliases": {lang: [{"language": lang, "value": v} for v in vs]
                     for lang, vs in (aliases or {}).items()},
         "claims": {}, "sitelinks": {},
         "lastrevid": 1, "modified": "2026-11-20T00:00:00Z"}
    for prop, values in (claims or {}).items():
        e["claims"][prop] = [statement(qid, prop, *v) if isinstance(v, tuple) else v for v in values]
    if enwiki:
        e["sitelinks"]["enwiki"] = {"site": "enwiki", "title": enwiki, "badges": []}
    e["sitelinks"]["dewiki"] = {"site": "dewiki", "title": (enwiki or qid) + " (de)", "badges": []}
    return e

def member(band, who, start, end=None):
    q = {"P580": [snak("P580", *time(start, 9))]}
    if end:
        q["P582"] = [snak("P582", *time(end, 9))]
    return statement(band, "P527", *item(band, who), qualifiers=q)

entities = [
    {"type": "property", "datatype": "wikibase-item", "id": "P31",
     "labels": {"en": {"language": "en", "value": "instance of"}}, "descriptions": {},
     "aliases": {}, "claims": {}, "lastrevid": 1},
    entity("Q11399", {"en": "rock music"}, {"P31": [item("Q11399", "Q188451")]}),
    entity("Q84", {"en": "London", "de": "London"}, {"P31": [item("Q84", "Q515")]}),
    entity("Q145", {"en": "United Kingdom"}, {"P31": [item("Q145", "Q6256")]}),
    entity("Q9001", {"en": "Fixture Band", "fr": "Groupe"}, {
        "P31": [item("Q9001", "Q5741069")],
        "P136": [item("Q9001", "Q11399"), item("Q9001", "Q7001")],
        "P740": [item("Q9001", "Q84")],
        "P495": [item("Q9001", "Q145")],
        "P571": [time("+1970-00-00T00:00:00Z", 9)],
        "P576": [time("+1991-00-00T00:00:00Z", 9)],
        "P434": [(MBID_BAND, "string", "external-id")],
        "P18": [("Fixture Band 1975.jpg", "string", "commonsMedia")],
        "P527": [member("Q9001", "Q9101", "+1970-00-00T00:00:00Z"),
                 member("Q9001", "Q9102", "+1970-00-00T00:00:00Z", "+1991-00-00T00:00:00Z")],
    }, enwiki="Fixture Band", aliases={
        "en": ["The Fixtures", "fixture band"], "mul": ["FXB", "The Fixtures"], "de": ["Die Fixtures"]},
        descriptions={"de": "Testband", "en": "fixture rock band"}),
    entity("Q9101", {"en": "Fixture Singer"}, {
        "P31": [item("Q9101", "Q5")],
        "P106": [item("Q9101", "Q177220"), item("Q9101", "Q33999")],
        "P19": [item("Q9101", "Q84")],
        "P27": [item("Q9101", "Q145")],
        "P569": [time("+1946-09-05T00:00:00Z", 11)],
        "P570": [time("+1991-11-24T00:00:00Z", 11)],
        "P434": [(MBID_SINGER, "string", "external-id")],
    }, enwiki="Fixture Singer"),
    # A guitarist without an English article: a member's name, not an artist.
    entity("Q9102", {"en": "Fixture Guitarist"}, {
        "P31": [item("Q9102", "Q5")], "P106": [item("Q9102", "Q855091")]}),
    # A person with an English article whose occupation is not music.
    entity("Q9103", {"en": "Fixture Politician"}, {
        "P31": [item("Q9103", "Q5")], "P106": [item("Q9103", "Q82955")]}, enwiki="Fixture Politician"),
    # A name kept only as the multilingual label; born to the month.
    entity("Q9104", {"mul": "Mononym"}, {
        "P31": [item("Q9104", "Q5")], "P106": [item("Q9104", "Q2252262")],
        "P569": [time("+1965-11-00T00:00:00Z", 10)]}, enwiki="Mononym (rapper)"),
    # A group without an English article.
    entity("Q9105", {"en": "Local Band"}, {"P31": [item("Q9105", "Q215380")]}),
    # A musician with an English article and no English or multilingual name: named by
    # the article's title.
    entity("Q9106", {"de": "Nur Deutsch"}, {
        "P31": [item("Q9106", "Q5")], "P106": [item("Q9106", "Q639669")]},
        enwiki="Nameless Musician (singer)"),
    # Born on a day stated in the Julian calendar; died at a date not known.
    entity("Q9107", {"en": "Fixture Composer"}, {
        "P31": [item("Q9107", "Q5")], "P106": [item("Q9107", "Q36834")],
        "P569": [time("+1840-05-07T00:00:00Z", 11, JULIAN)],
        "P570": [unknown("Q9107", "P570", "time")]}, enwiki="Fixture Composer"),
    entity("Q7001", {"en": "glam rock"}, {"P31": [item("Q7001", "Q188451")]}),
]

lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entities]
text = "[\n" + ",\n".join(lines) + "\n]\n"
open("wikidata-dump.json", "w").write(text)
open("wikidata-dump.json.gz", "wb").write(gzip.compress(text.encode()))
open("wikidata-dump.json.bz2", "wb").write(bz2.compress(text.encode()))

def area(name, countries=None):
    """An area as the dump nests it in an artist: its type null, a country's code given."""
    a = {"id": "00000000-0000-4000-8000-" + format(zlib.crc32(name.encode()), "012d"),
         "name": name, "sort-name": name, "disambiguation": "", "type": None, "type-id": None}
    if countries:
        a["iso-3166-1-codes"] = countries
    return a

def wikidata_rel(qid):
    return {"type": "wikidata", "type-id": "689870a4-a1e4-4912-b17f-7b2664215698",
            "target-type": "url", "direction": "forward", "ended": False, "attributes": [],
            "url": {"id": "00000000-0000-4000-8000-" + qid[1:].zfill(12),
                    "resource": f"https://www.wikidata.org/wiki/{qid}"}}

mb = [
    {"id": MBID_BAND, "name": "Fixture Band", "sort-name": "Fixture Band", "type": "Group",
     "type-id": "e431f5f6-b5d2-343d-8b36-72607fffb74b", "disambiguation": "", "country": "GB",
     "area": {"id": "8a754a16-0027-3a29-b6d7-2b40ea0481ed", "name": "United Kingdom", "type": "Country"},
     "begin-area": {"id": "f03d09b3-39dc-4083-afd6-159e3f0d462f", "name": "London", "type": "City"},
     "life-span": {"begin": "1970-06-27", "end": None, "ended": False},
     "genres": [{"name": "glam rock", "count": 3}], "tags": [],
     "aliases": [{"name": "Fixtures", "sort-name": "Fixtures", "locale": None, "type": "Artist name",
                  "type-id": "894afba6-2816-3c24-8072-eadb66bd04bc", "primary": None, "begin": None, "end": None, "ended": False},
                 {"name": "Fixture Bnad", "sort-name": "Fixture Bnad", "locale": None, "type": "Search hint",
                  "type-id": "1937e404-b981-3cb7-8151-4c86ebfc8d8e", "primary": None, "begin": None, "end": None, "ended": False}],
     "relations": []},
    {"id": MBID_SINGER, "name": "Fixture Singer", "sort-name": "Singer, Fixture", "type": "Person",
     "country": "GB", "area": {"name": "United Kingdom"}, "begin-area": {"name": "Zanzibar"},
     "life-span": {"begin": "1946-09-05", "end": "1991-11-24", "ended": True},
     "genres": [], "tags": [], "aliases": [], "relations": []},
    # An artist the catalogue does not have.
    {"id": "99999999-9999-4999-8999-999999999999", "name": "Someone Else", "type": "Person",
     "life-span": {"begin": "1980", "end": None, "ended": False}, "genres": []},
    # The lines below are written as the dump writes its nested areas: without their
    # type, a country with its ISO 3166-1 code.
    # Its Wikidata relation names an artist the catalogue has without a MusicBrainz id.
    {"id": MBID_BY_ITEM, "name": "Fixture Quartet", "type": "Group",
     "area": area("Sweden", ["SE"]), "begin-area": area("Stockholm"),
     "life-span": {"begin": "1988", "end": None, "ended": False},
     "relations": [wikidata_rel("Q9201"),
                   {"type": "discogs", "target-type": "url", "direction": "forward",
                    "url": {"id": "00000000-0000-4000-8000-0000000000d1",
                            "resource": "https://www.discogs.com/artist/1"}}]},
    # A second line naming the same item.
    {"id": "cccccccc-0000-4000-8000-000000000002", "name": "Fixture Quartet", "type": "Group",
     "area": area("Sweden", ["SE"]), "life-span": {"begin": "1988"},
     "relations": [wikidata_rel("Q9201")]},
    # Its item is an artist with another MusicBrainz id.
    {"id": "cccccccc-0000-4000-8000-000000000003", "name": "Fixture Trio", "type": "Person",
     "life-span": {"begin": "1960"}, "relations": [wikidata_rel("Q9202")]},
    # Its area a city, where it began a country: the country.
    {"id": MBID_CITY_COUNTRY, "name": "Fixture Fiddler", "type": "Person",
     "area": area("Bergen"), "begin-area": area("Norway", ["NO"]),
     "life-span": {"begin": "1971"}},
    # A city and a subdivision: no country (a city's is not guessed).
    {"id": MBID_CITY_CITY, "name": "Fixture Piper", "type": "Person",
     "area": {**area("Glasgow"), "type": "City"},
     "begin-area": {**area("Scotland"), "iso-3166-2-codes": ["GB-SCT"]},
     "life-span": {"begin": "1972"}},
    # Only MusicBrainz knows these.
    {"id": MBID_CROONER, "name": "Фикстурный Певец", "sort-name": "Pevets, Fikstur", "type": "Person",
     "area": area("Russia", ["RU"]), "life-span": {"begin": "1950-03", "end": None, "ended": False},
     "genres": [{"name": "romance", "count": 1}],
     "aliases": [{"name": "Fixture Crooner", "sort-name": "Crooner, Fixture", "locale": "en",
                  "primary": True, "type": "Artist name"},
                 {"name": "Fixture Krooner", "locale": None, "primary": None, "type": "Search hint"}],
     "relations": [wikidata_rel("Q9301")]},
    {"id": MBID_ORCHESTRA, "name": "Fixture Philharmonic", "type": "Orchestra",
     "area": area("Austria", ["AT"]), "life-span": {"begin": None, "end": None, "ended": False}},
    {"id": MBID_CHOIR, "name": "Fixture Choir", "type": "Choir",
     "area": area("Europe", ["XE"]), "life-span": {"begin": None}},
    {"id": "cccccccc-0000-4000-8000-000000000009", "name": "Fixture Mascot", "type": "Character",
     "life-span": {"begin": "1999"}},
    {"id": "cccccccc-0000-4000-8000-00000000000a", "name": "[fixture unknown]", "type": "Other",
     "area": area("Austria", ["AT"])},
    {"id": "cccccccc-0000-4000-8000-00000000000b", "name": "Fixture Nobody", "type": "Group",
     "life-span": {"begin": None, "end": None, "ended": False}, "genres": [{"name": "rock", "count": 1}]},
]
mb_text = "".join(json.dumps(a, ensure_ascii=False, separators=(",", ":")) + "\n" for a in mb)
open("musicbrainz-artist", "w").write(mb_text)
open("musicbrainz-artist.xz", "wb").write(lzma.compress(mb_text.encode()))
buf = io.BytesIO()
with tarfile.open(fileobj=buf, mode="w") as tar:
    for name, data in [("COPYING", b"CC0\n"), ("mbdump/artist", mb_text.encode())]:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
open("musicbrainz-artist.tar.xz", "wb").write(lzma.compress(buf.getvalue()))

# Genres the catalogue has under its own names ("Rock", "Punk Rock", "Post-Punk",
# "Pop"), named here by items labelled as the knowledge base labels them.
genres = [
    entity("Q11399", {"en": "rock music"}, {"P31": [item("Q11399", "Q188451")]}),
    entity("Q7101", {"en": "punk rock"}, {"P31": [item("Q7101", "Q188451")]}),
    entity("Q7102", {"en": "post-punk"}, {"P31": [item("Q7102", "Q188451")]}),
    entity("Q7103", {"en": "pop music"}, {"P31": [item("Q7103", "Q188451")]}),
    entity("Q9201", {"en": "Genre Band One"}, {
        "P31": [item("Q9201", "Q5741069")],
        "P136": [item("Q9201", "Q11399"), item("Q9201", "Q7101"), item("Q9201", "Q7102")]},
        enwiki="Genre Band One"),
    entity("Q9202", {"en": "Genre Band Two"}, {
        "P31": [item("Q9202", "Q5741069")],
        "P136": [item("Q9202", "Q7103"), item("Q9202", "Q11399")]},
        enwiki="Genre Band Two"),
]
lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in genres]
open("wikidata-genres.json", "w").write("[\n" + ",\n".join(lines) + "\n]\n")
