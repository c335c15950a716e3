"""The red-team suite's folders of attacks are graded by its tests, never collected."""

collect_ignore = ["submissions", "honest", "skip_project", "student_suites", "picks_project"]
