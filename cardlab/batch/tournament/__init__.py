"""Class tournaments: every student's computer player against every other, rated.

``hook`` is what an assignment provides; ``match`` plays one match in its own process;
``store`` keeps every finished match; ``ratings`` fits and writes the leaderboard;
``run`` drives it all for ``cardlab tournament``.
"""
