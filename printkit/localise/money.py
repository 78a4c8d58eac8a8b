"""Money and percentages formatted per language by Babel (CLDR), never by string building.

Game money comes in whole units, so amounts are printed without decimals: the locale's
own currency pattern with its fraction digits removed. The currency sign and its place,
the grouping and the spaces come from CLDR:

>>> format_money(1500, "EUR", "nl_NL")
'€\\xa01.500'
>>> format_money(1500, "NOK", "nb_NO")
'1\\xa0500\\xa0kr'
>>> format_money(1500, "DKK", "da_DK")
'1.500\\xa0kr.'
"""

from __future__ import annotations

import math
import re

from babel import Locale
from babel.numbers import format_currency, format_percent, list_currencies


def whole_pattern(locale: Locale) -> str:
    """The locale's standard currency pattern without fraction digits."""
    pattern = locale.currency_formats["standard"].pattern
    return re.sub(r"\.0+", "", pattern)


def format_money(amount: int, currency: str, locale: str | Locale, sign: str = "") -> str:
    """A whole amount of money in the language of `locale`; `sign` (if given) stands where
    the locale puts the currency's sign:

    >>> format_money(30000, "DKK", "nb_NO", "kr")
    '30\xa0000\xa0kr'
    """
    loc = Locale.parse(locale) if isinstance(locale, str) else locale
    pattern = whole_pattern(loc)
    if sign:
        pattern = pattern.replace("¤", "'" + sign.replace("'", "''") + "'")
    return format_currency(amount, currency, format=pattern, locale=loc,
                           currency_digits=False)


def format_percentage(percent: int, locale: str | Locale) -> str:
    """10 -> '10%' (nl) or '10\xa0%' (nb, da)."""
    return format_percent(percent / 100, locale=locale)


def with_interest(amount: int, percent: int) -> int:
    """What lifting a mortgage costs: the amount plus interest, rounded up to a whole unit."""
    return math.ceil(amount * (100 + percent) / 100 - 1e-9)


def is_currency(code: str) -> bool:
    """True if `code` is an ISO 4217 currency code that CLDR can format."""
    return code in list_currencies()
