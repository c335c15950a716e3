"""Students' zips are unpacked within limits, and each refusal is one line naming the zip."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

import pytest

from cardlab.course import submissions
from cardlab.course.submissions import (
    Submission,
    content_hash,
    find_submissions,
    locate_modules,
    unpack_zip,
)
from cardlab.errors import CardlabError


def _zip(path: Path, members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as bundle:
        for name, data in members.items():
            bundle.writestr(name, data)
    return path


def test_a_plain_zip_unpacks(tmp_path):
    archive = _zip(tmp_path / "ann.zip", {"ann/counter.py": b"x = 1\n", "ann/sub/": b""})
    unpack_zip(archive, tmp_path / "out")
    assert (tmp_path / "out" / "ann" / "counter.py").read_bytes() == b"x = 1\n"


def test_a_zip_bomb_is_refused_while_unpacking(tmp_path, monkeypatch):
    monkeypatch.setattr(submissions, "MAX_UNPACKED_BYTES", 1_000_000)
    archive = _zip(tmp_path / "bomb.zip", {"a.py": b"0" * 600_000, "b.py": b"0" * 600_000})
    with pytest.raises(CardlabError, match=r"bomb.zip unpacks to more than 0 MiB"):
        unpack_zip(archive, tmp_path / "out")


def test_a_zip_whose_headers_understate_its_size_is_refused(tmp_path, monkeypatch):
    archive = _zip(tmp_path / "liar.zip", {"a.py": b"0" * 2_000_000})
    original = zipfile.ZipFile.infolist

    def small_sizes(self):
        infos = original(self)
        for info in infos:
            info.file_size = 10
        return infos

    monkeypatch.setattr(zipfile.ZipFile, "infolist", small_sizes)
    monkeypatch.setattr(submissions, "MAX_UNPACKED_BYTES", 1_000_000)
    with pytest.raises(CardlabError, match=r"liar\.zip is not a readable zip file"):
        unpack_zip(archive, tmp_path / "out")


def test_too_many_members_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(submissions, "MAX_MEMBERS", 3)
    archive = _zip(tmp_path / "many.zip", {f"{n}.py": b"" for n in range(4)})
    with pytest.raises(CardlabError, match=r"many\.zip holds 4 entries, more than 3"):
        unpack_zip(archive, tmp_path / "out")


def test_a_symbolic_link_is_refused(tmp_path):
    archive = tmp_path / "link.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        info = zipfile.ZipInfo("counter.py")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        bundle.writestr(info, "/etc/passwd")
    with pytest.raises(CardlabError, match=r"link\.zip: counter\.py is a symbolic link"):
        unpack_zip(archive, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["/abs/counter.py", "../counter.py", "a/../../counter.py"])
def test_a_path_leaving_the_folder_is_refused(tmp_path, name):
    archive = _zip(tmp_path / "trip.zip", {name: b"x = 1\n"})
    with pytest.raises(CardlabError, match=r"points outside the zip's folder"):
        unpack_zip(archive, tmp_path / "out")


def test_a_damaged_member_is_a_one_line_refusal(tmp_path):
    archive = _zip(tmp_path / "bad.zip", {"counter.py": b"x = 1\n" * 1000})
    data = bytearray(archive.read_bytes())
    data[60] ^= 0xFF  # inside the compressed data of the only member
    archive.write_bytes(bytes(data))
    with pytest.raises(CardlabError, match=r"bad\.zip is not a readable zip file") as caught:
        unpack_zip(archive, tmp_path / "out")
    assert "\n" not in str(caught.value)


def test_the_content_hash_follows_the_files(tmp_path):
    folder = tmp_path / "ann"
    folder.mkdir()
    (folder / "counter.py").write_text("x = 1\n")
    first = content_hash(Submission("ann", folder))
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "counter.cpython-311.pyc").write_bytes(b"junk")
    assert content_hash(Submission("ann", folder)) == first
    (folder / "counter.py").write_text("x = 2\n")
    assert content_hash(Submission("ann", folder)) != first


def test_modules_are_found_in_a_single_nested_folder(tmp_path):
    (tmp_path / "ann" / "toy").mkdir(parents=True)
    (tmp_path / "ann" / "toy" / "counter.py").write_text("")
    assert locate_modules(tmp_path, ["counter"]) == tmp_path / "ann" / "toy"
    (tmp_path / "counter.py").write_text("")
    assert locate_modules(tmp_path, ["counter"]) == tmp_path


def test_the_batch_output_inside_the_submissions_folder_is_passed_over(tmp_path):
    (tmp_path / "ann").mkdir()
    (tmp_path / "bob.zip").write_bytes(b"")
    (tmp_path / "grades").mkdir()
    (tmp_path / ".hidden").mkdir()
    found = find_submissions(tmp_path, exclude=tmp_path / "grades")
    assert [(s.student, s.is_zip) for s in found.submissions] == [("ann", False), ("bob", True)]
    assert found.strays == ()


@pytest.mark.parametrize("given", ["no-such-folder", "no-such.zip"])
def test_grading_a_submission_that_does_not_exist_is_one_line_and_status_2(given, toy, tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import main

    missing = tmp_path / given
    result = CliRunner().invoke(main, ["grade", "toy", "--phase", "1", "--submission",
                                       str(missing), "--project", str(toy.root)])
    assert result.exit_code == 2
    assert result.output == f"cardlab: the submission {missing} does not exist\n"


def test_grading_an_empty_submission_says_so_in_one_line_as_grade_all_does(toy, tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import main

    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / "notes.txt").write_text("my notes\n")
    result = CliRunner().invoke(main, ["grade", "toy", "--phase", "1", "--submission",
                                       str(tmp_path / "ann"), "--project", str(toy.root)])
    assert result.exit_code == 2
    assert result.output == (
        f"cardlab: empty submission {tmp_path / 'ann'}: none of the files graded in phase 1 "
        "was submitted (counter.py)\n"
    )


WHIST_LIKE = ("cards.card", "cards.hand", "whist.trick", "whist.card")


def test_loose_files_of_several_packages_are_graded_in_their_packages_folders(tmp_path):
    from cardlab.course.submissions import submission_folder

    upload = tmp_path / "submission"
    upload.mkdir()
    for name in ("hand.py", "trick.py", "card.py", "ADVANCED.md"):
        (upload / name).write_text(f"# {name}\n")
    with submission_folder(upload, WHIST_LIKE) as folder:
        assert (folder / "cards" / "hand.py").read_text() == "# hand.py\n"
        assert (folder / "whist" / "trick.py").read_text() == "# trick.py\n"
        assert (folder / "card.py").is_file()  # two packages write a card.py: left alone
        assert (folder / "ADVANCED.md").is_file()
    assert sorted(path.name for path in upload.iterdir()) == [
        "ADVANCED.md", "card.py", "hand.py", "trick.py"]  # the upload itself is untouched


def test_loose_files_are_found_in_a_folder_uploaded_whole_and_zipped(tmp_path):
    from cardlab.course.submissions import submission_folder

    archive = _zip(tmp_path / "ann.zip", {"ann/work/hand.py": b"# hand\n",
                                          "ann/work/trick.py": b"# trick\n"})
    with submission_folder(archive, WHIST_LIKE) as folder:
        assert (folder / "cards" / "hand.py").is_file()
        assert (folder / "whist" / "trick.py").is_file()


def test_a_submission_laid_out_by_package_is_graded_as_it_is(tmp_path):
    from cardlab.course.submissions import loose_places, submission_folder

    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "hand.py").write_text("# hand\n")
    (tmp_path / "trick.py").write_text("# a stray copy\n")
    assert loose_places(tmp_path, WHIST_LIKE) == {}
    with submission_folder(tmp_path, WHIST_LIKE) as folder:
        assert folder == tmp_path
    assert loose_places(tmp_path, ("hand", "trick")) == {}  # one package: no layout to make
