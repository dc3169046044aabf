"""Summarise a CSV of measurements with the csv module and numpy, no annotations on arrays."""

import csv
import io
import statistics

import numpy as np

DATA = """site,day,temp,rain
a,1,12.5,0.0
a,2,13.1,2.5
b,1,9.8,5.0
b,2,10.4,0.5
b,3,11.0,0.0
"""


def load(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    by_site = {}
    for row in rows:
        by_site.setdefault(row["site"], []).append((float(row["temp"]), float(row["rain"])))
    return {site: np.array(values) for site, values in by_site.items()}


def summarise(table):
    out = {}
    for site, values in table.items():
        temps, rain = values[:, 0], values[:, 1]
        out[site] = {
            "mean_temp": float(temps.mean()),
            "median_temp": statistics.median(temps.tolist()),
            "total_rain": float(rain.sum()),
            "wet_days": int((rain > 0).sum()),
        }
    return out


def main() -> None:
    table = load(DATA)
    for site, stats in sorted(summarise(table).items()):
        print(site, stats)
    everything = np.concatenate(list(table.values()), axis=0)
    print(everything.shape, np.percentile(everything[:, 0], [25, 50, 75]))


if __name__ == "__main__":
    main()
