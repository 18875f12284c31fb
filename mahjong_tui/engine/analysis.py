from pathlib import Path
TABLE_FORMAT = 1
TABLE_COLUMNS = tuple((m, kind) for m in range(5) for kind in range(3))
TABLE_PATH = Path(__file__).with_name("shanten_table.json")
