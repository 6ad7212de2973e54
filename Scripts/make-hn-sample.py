#!/usr/bin/env python3
"""Writes the Hacker News example's offline sample: invented stories and comment threads in the
API's JSON shapes. Deterministic (fixed seed), so re-running it gives the same file.

Usage: Scripts/make-hn-sample.py > Examples/HackerNews/Sources/Model/Sample/sample.json
"""
import json
import random

random.seed(2026)
SNAPSHOT = 1767225600  # 2026-01-01T00:00:00Z, the time the invented snapshot was "taken"

topics = [
    ("A tiny text editor written in one weekend", "https://example.com/weekend-editor"),
    ("Why our build got 40% faster after deleting code", "https://blog.example.org/deleting-code"),
    ("Show: a terminal Hacker News reader built on shared view models", None),
    ("Ask: how do you keep a SwiftUI codebase consistent?", None),
    ("The quiet return of server-rendered pages", "https://example.net/server-pages"),
    ("Notes on writing a parser by hand", "https://notes.example.com/hand-parser"),
    ("A field guide to flaky tests", "https://example.org/flaky-tests"),
    ("We replaced our queue with a table and it was fine", "https://eng.example.com/table-queue"),
    ("Designing error messages people read", "https://example.com/error-messages"),
    ("Show: a keyboard for one hand", None),
    ("What a 1980s manual teaches about documentation", "https://archive.example.org/manuals"),
    ("Ask: what was your best code review comment?", None),
    ("Measuring what matters in a mobile app's startup", "https://perf.example.com/startup"),
    ("A gentle introduction to property-based testing", "https://example.dev/property-testing"),
    ("Small teams, long-lived software", "https://example.com/long-lived"),
    ("The case for boring dependencies", "https://www.example.io/boring-deps"),
    ("Show: an offline-first notes app in 900 lines", None),
    ("How a typo took down a weekend", "https://postmortems.example.com/typo"),
    ("Reading source code as a habit", "https://example.blog/reading-code"),
    ("Ask: which books changed how you program?", None),
    ("Making accessibility the default in UI reviews", "https://example.com/a11y-reviews"),
    ("Job: sample company is hiring a sample engineer", None),
    ("A visual explanation of consistent hashing", "https://viz.example.org/hashing"),
    ("Why we stopped using singletons", "https://example.com/no-singletons"),
    ("Ten years of maintaining a small open-source library", "https://example.net/ten-years"),
    ("Show: draw your app's view-model tree from the code", None),
    ("Latency numbers, revisited", "https://example.org/latency"),
    ("The hidden cost of clever code", "https://example.com/clever"),
    ("Ask: how do you onboard to a large codebase?", None),
    ("Job: invented startup seeks an imaginary designer", None),
]
authors = ["ada_l", "bits_and_bobs", "cormac", "dev_null", "eloise", "fern", "gus", "hana", "ivo", "juno",
           "kestrel", "lumen", "mori", "nadia", "otto", "pia", "quill", "rook", "sable", "tarn"]
phrases = [
    "This matches what we saw on a much smaller team.",
    "I tried this last year; the hard part was the migration, not the idea.",
    "Is there a write-up of the numbers behind this?",
    "Counterpoint: it depends a lot on who maintains it afterwards.",
    "The second section is the part worth reading.",
    "We did the opposite and regretted it for two years.",
    "Nice. The examples make it click.",
    "How does this hold up when the data does not fit in memory?",
    "Agreed, with one caveat about testing.",
    "Thanks for sharing; bookmarking for the next design review.",
]

items = {}
next_id = 1000


def new_id():
    global next_id
    next_id += 1
    return next_id


def add_comments(parent, depth, time):
    kids = []
    for _ in range(random.randint(0, 4 if depth == 0 else 2)):
        cid = new_id()
        ctime = time + random.randint(60, 7200)
        comment = {"id": cid, "type": "comment", "by": random.choice(authors), "parent": parent,
                   "time": ctime, "text": random.choice(phrases)}
        if random.random() < 0.05:
            comment = {"id": cid, "type": "comment", "parent": parent, "time": ctime, "deleted": True}
        if depth < 3:
            sub = add_comments(cid, depth + 1, ctime)
            if sub:
                comment["kids"] = sub
        items[cid] = comment
        kids.append(cid)
    return kids


stories = []
for rank, (title, url) in enumerate(topics):
    sid = new_id()
    time = SNAPSHOT - random.randint(600, 3 * 86400)
    kind = "job" if title.startswith("Job:") else "story"
    story = {"id": sid, "type": kind, "by": random.choice(authors), "time": time, "title": title,
             "score": random.randint(3, 400)}
    if url:
        story["url"] = url
    else:
        story["text"] = "Invented sample text for an offline demo. " + random.choice(phrases)
    if kind == "story":
        kids = add_comments(sid, 0, time)
        story["kids"] = kids
        count = 0
        stack = list(kids)
        while stack:
            item = items[stack.pop()]
            count += 1
            stack.extend(item.get("kids", []))
        story["descendants"] = count
    items[sid] = story
    stories.append(story)

ids = [s["id"] for s in stories]
lists = {
    "top": ids,
    "best": sorted(ids, key=lambda i: -items[i]["score"]),
    "new": sorted(ids, key=lambda i: -items[i]["time"]),
    "ask": [i for i in ids if items[i]["title"].startswith("Ask:")],
    "show": [i for i in ids if items[i]["title"].startswith("Show:")],
    "jobs": [i for i in ids if items[i]["type"] == "job"],
}
print(json.dumps({
    "note": "Invented sample data for swift-mvvm's Hacker News example. Not real Hacker News content.",
    "snapshotTime": SNAPSHOT,
    "lists": lists,
    "items": [items[k] for k in sorted(items)],
}, indent=1, sort_keys=True))
