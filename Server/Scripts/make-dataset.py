#!/usr/bin/env python3
"""Generate the reference server's launch dataset deterministically.

The data is invented by this project: mission names come from small word
lists, sites and rockets from short made-up tables, dates advance by a fixed
pseudo-random (LCG) sequence. Running the script twice gives identical output.

Usage: python3 Scripts/make-dataset.py [OUTPUT]
Default OUTPUT: Sources/RocketReserverServerCore/Resources/launches.json
"""

import datetime
import json
import os
import sys

LAUNCH_COUNT = 110

ADJECTIVES = [
    "Amber", "Bright", "Cobalt", "Distant", "Ember", "Fable", "Granite", "Halcyon",
    "Ivory", "Juniper", "Kindred", "Lumen", "Meridian", "Nimbus", "Opal", "Polar",
    "Quiet", "Russet", "Silver", "Tidal", "Umber", "Vesper", "Willow", "Zenith",
]
NOUNS = [
    "Albatross", "Beacon", "Comet", "Drift", "Echo", "Falcon", "Gale", "Harbor",
    "Island", "Jetty", "Kite", "Lantern", "Mariner", "Nomad", "Orbit", "Pilgrim",
    "Quill", "Relay", "Sparrow", "Tern", "Voyager", "Wren",
]
SITES = [
    "Cape Meridian LC-12",
    "Vandal Ridge SLC-4",
    "Kestrel Atoll Pad A",
    "Boca Verde Pad 1",
    "Cape Meridian LC-39",
]
# (rocket id, name, type, first launch ordinal that may use it)
ROCKETS = [
    ("falcon1", "Falcon 1", "Merlin A", 1),
    ("falcon9", "Falcon 9", "v1.0", 6),
    ("falcon9", "Falcon 9", "v1.1", 12),
    ("falcon9", "Falcon 9", "FT", 30),
    ("falcon9", "Falcon 9", "Block 5", 60),
    ("falconheavy", "Falcon Heavy", "FH", 55),
    ("starship", "Starship", "Super Heavy", 100),
]


class Lcg:
    """Small linear congruential generator, stable across Python versions."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) % (2 ** 31)
        return self.state % bound


def rocket_for(ordinal, rng):
    candidates = [r for r in ROCKETS if r[3] <= ordinal]
    if ordinal < 6:
        candidates = [ROCKETS[0]]
    elif ordinal >= 100 and ordinal % 4 == 0:
        candidates = [ROCKETS[-1]]
    elif ordinal >= 55 and ordinal % 9 == 0:
        candidates = [ROCKETS[5]]
    else:
        newest_f9 = [r for r in candidates if r[0] == "falcon9"]
        candidates = newest_f9[-1:] if newest_f9 else candidates[:1]
    rocket_id, name, kind, _ = candidates[rng.next(len(candidates))]
    return {"id": rocket_id, "name": name, "type": kind}


def make_launches():
    rng = Lcg(20240611)
    date = datetime.datetime(2006, 3, 24, 22, 30, tzinfo=datetime.timezone.utc)
    launches = []
    used_names = set()
    for ordinal in range(1, LAUNCH_COUNT + 1):
        while True:
            name = "{} {}".format(ADJECTIVES[rng.next(len(ADJECTIVES))], NOUNS[rng.next(len(NOUNS))])
            if name not in used_names:
                used_names.add(name)
                break
        launch_id = str(ordinal)
        launches.append({
            "id": launch_id,
            "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "site": SITES[rng.next(len(SITES))],
            "mission": {
                "name": name,
                "missionPatchSmall": "https://images.rocketreserver.invalid/patches/{}-small.png".format(launch_id),
                "missionPatchLarge": "https://images.rocketreserver.invalid/patches/{}-large.png".format(launch_id),
            },
            "rocket": rocket_for(ordinal, rng),
        })
        date += datetime.timedelta(days=20 + rng.next(40), hours=rng.next(24), minutes=rng.next(60))
    return launches


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "Sources", "RocketReserverServerCore", "Resources", "launches.json")
    output = sys.argv[1] if len(sys.argv) > 1 else default
    with open(output, "w", encoding="utf-8") as handle:
        json.dump({"launches": make_launches()}, handle, indent=2)
        handle.write("\n")


if __name__ == "__main__":
    main()
