"""Personal budget tracker: starter file for the Python Foundations final project.

Run it with:  python budget_tracker_starter.py

The functions marked EXERCISE are yours to write during the project lessons.
Everything else already works, so you can run the program from the first lesson.
"""

import csv
from datetime import date
from pathlib import Path

DATA_FILE = Path("transactions.csv")
FIELDS = ["date", "category", "description", "amount"]
CATEGORIES = ["rent", "food", "transport", "bills", "fun", "other"]


def load_transactions(path=DATA_FILE):
    """Return a list of transaction dictionaries read from the CSV file."""
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        row["amount"] = float(row["amount"])
    return rows


def save_transactions(transactions, path=DATA_FILE):
    """Write every transaction back to the CSV file."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(transactions)


def ask_amount(prompt):
    """Keep asking until the user types a positive number."""
    # EXERCISE (lesson "Handling bad input"): use try/except ValueError
    # and reject zero or negative amounts with a friendly message.
    return float(input(prompt))


def add_transaction(transactions):
    category = input(f"Category ({', '.join(CATEGORIES)}): ").strip().lower()
    if category not in CATEGORIES:
        category = "other"
    description = input("Description: ").strip()
    amount = ask_amount("Amount: ")
    transactions.append(
        {"date": date.today().isoformat(), "category": category, "description": description, "amount": amount}
    )
    print("Saved.")


def monthly_summary(transactions):
    """Return {"2024-05": {"food": 310.0, ...}, ...}."""
    # EXERCISE (lesson "Monthly summaries"): group by the first 7 characters of the date,
    # then by category, adding up the amounts.
    return {}


def print_summary(summary):
    for month in sorted(summary):
        print(f"\n{month}")
        total = 0
        for category, amount in sorted(summary[month].items()):
            print(f"  {category:<10} {amount:>10.2f}")
            total += amount
        print(f"  {'total':<10} {total:>10.2f}")


def main():
    transactions = load_transactions()
    while True:
        choice = input("\n[a]dd, [s]ummary, [q]uit: ").strip().lower()
        if choice == "a":
            add_transaction(transactions)
            save_transactions(transactions)
        elif choice == "s":
            print_summary(monthly_summary(transactions))
        elif choice == "q":
            break


if __name__ == "__main__":
    main()
