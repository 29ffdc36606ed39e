"""Hypothesis strategies the tests share."""

from hypothesis import strategies as st

# Every code point but the lone surrogates, as st.text() draws by default. Its default works out
# the utf-8 codec's table first: about 2 s in each test process of a fresh clone (hypothesis
# keeps the table under .hypothesis/, which a clean clone has not).
CHARACTERS = st.characters(exclude_categories=("Cs",))


def any_text(max_size: int) -> st.SearchStrategy[str]:
    return st.text(CHARACTERS, max_size=max_size)
