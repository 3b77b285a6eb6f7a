"""svc_resolve.py: its pure parts, the hand-off against a fake Resolve, and every way it can fail.

Run by test/unit/resolve-script.test.ts: python3 -m unittest discover -s test/python -t test/python
"""

import contextlib
import copy
import http.server
import importlib.util
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import unittest

import fake_resolve

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(REPO, "assets", "resolve", "svc_resolve.py")
FIXTURE = os.path.join(REPO, "test", "fixtures", "handoff", "sample.json")


def load_script():
    spec = importlib.util.spec_from_file_location("svc_resolve", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


svc = load_script()


def sample():
    with open(FIXTURE, encoding="utf-8") as handle:
        return json.load(handle)


def item(handoff, item_id):
    return next(entry for entry in handoff["items"] if entry["id"] == item_id)


def config(**overrides):
    base = {"url": "http://127.0.0.1:9", "token": "", "project": "", "path_map": [], "roots": {}, "timeout_s": 5, "source": "svc_resolve.json"}
    base.update(overrides)
    return base


class Lines(object):
    """A `say` that keeps what the script said."""

    def __init__(self):
        self.lines = []

    def __call__(self, message):
        self.lines.append(message)

    @property
    def text(self):
        return "\n".join(self.lines)


class Media(object):
    """The fixture's files under a temporary project root, as svc would have them."""

    def __init__(self, handoff):
        self.root = tempfile.mkdtemp(prefix="svc-resolve-")
        for entry in handoff["items"]:
            self.touch(entry["path"])
            if entry["proxy_path"]:
                self.touch(entry["proxy_path"])
            if entry["sequence"]:
                seq = entry["sequence"]
                for number in range(seq["first"], seq["last"] + 1):
                    self.touch(seq["pattern"] % number)

    def touch(self, relative):
        path = os.path.join(self.root, *relative.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(b"\0")
        return path

    def path(self, relative):
        return os.path.join(self.root, *relative.split("/"))

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------- a small svc


class Svc(object):
    """An HTTP server answering /api/handoff/... as configured: {path: (status, body bytes)}."""

    def __init__(self, answers):
        self.answers = answers
        self.requests = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                owner.requests.append((self.path, dict(self.headers)))
                status, body = owner.answers.get(self.path.split("?")[0], (404, b'{"detail": "no such route"}'))
                self.send_response(status)
                if status != 204:
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if status != 204:
                    self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def closed_port():
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def handoff_bytes(handoff=None):
    return json.dumps(handoff or sample()).encode("utf-8")


# ---------------------------------------------------------------- configuration


class ConfigTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="svc-resolve-config-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.script_dir = os.path.join(self.dir, "Scripts")
        self.home = os.path.join(self.dir, "home")
        os.makedirs(self.script_dir)
        os.makedirs(os.path.join(self.home, ".config", "svc"))

    def write(self, path, data):
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(data if isinstance(data, str) else json.dumps(data))
        return path

    def load(self, explicit=None, environ=None, platform="linux"):
        return svc.load_config(explicit, environ or {}, self.script_dir, platform, self.home)

    def test_argument_then_environment_then_beside_the_script_then_per_user(self):
        arg = self.write(os.path.join(self.dir, "arg.json"), {"project": "from-arg"})
        env = self.write(os.path.join(self.dir, "env.json"), {"project": "from-env"})
        beside = self.write(os.path.join(self.script_dir, "svc_resolve.json"), {"project": "beside"})
        user = self.write(os.path.join(self.home, ".config", "svc", "resolve.json"), {"project": "user"})
        environ = {"SVC_RESOLVE_CONFIG": env}
        self.assertEqual(self.load(arg, environ)["project"], "from-arg")
        self.assertEqual(self.load(None, environ)["project"], "from-env")
        self.assertEqual(self.load()["project"], "beside")
        os.remove(beside)
        self.assertEqual(self.load()["project"], "user")
        self.assertEqual(self.load()["source"], user)

    def test_per_user_file_on_each_system(self):
        self.assertEqual(svc.user_config_path("linux", {}, "/home/ana"), "/home/ana/.config/svc/resolve.json")
        self.assertEqual(
            svc.user_config_path("darwin", {}, "/Users/ana"), "/Users/ana/Library/Application Support/svc/resolve.json"
        )
        windows = svc.user_config_path("win32", {"APPDATA": "C:\\Users\\ana\\AppData\\Roaming"}, "C:\\Users\\ana")
        self.assertTrue(windows.startswith("C:\\Users\\ana\\AppData\\Roaming"))
        self.assertTrue(windows.replace("\\", "/").endswith("svc/resolve.json"))

    def test_defaults_when_no_file_and_the_token_from_the_environment(self):
        loaded = self.load(environ={"SVC_TOKEN": "svc_abc"})
        self.assertEqual(loaded["url"], "http://127.0.0.1:8501")
        self.assertEqual(loaded["token"], "svc_abc")
        self.assertEqual(loaded["timeout_s"], 30)
        self.assertEqual(loaded["path_map"], [])

    def test_a_token_in_the_file_wins_over_the_environment(self):
        path = self.write(os.path.join(self.dir, "c.json"), {"token": "svc_file", "url": "http://svc.local:8501/"})
        loaded = self.load(path, {"SVC_TOKEN": "svc_env"})
        self.assertEqual(loaded["token"], "svc_file")
        self.assertEqual(loaded["url"], "http://svc.local:8501")

    def test_path_map_longest_prefix_first(self):
        path = self.write(
            os.path.join(self.dir, "c.json"),
            {"path_map": [{"from": "/srv", "to": "/a"}, {"from": "/srv/media/harbour", "to": "/b"}, {"from": "/srv/media", "to": "/c"}]},
        )
        self.assertEqual([entry["from"] for entry in self.load(path)["path_map"]], ["/srv/media/harbour", "/srv/media", "/srv"])

    def test_a_missing_explicit_file_is_named(self):
        with self.assertRaisesRegex(svc.SvcError, "nowhere.json does not exist"):
            self.load(os.path.join(self.dir, "nowhere.json"))

    def test_malformed_json_names_the_file(self):
        path = self.write(os.path.join(self.dir, "bad.json"), '{"url": ')
        with self.assertRaisesRegex(svc.SvcError, "bad.json is not valid JSON"):
            self.load(path)

    def test_wrong_keys_and_types_are_named(self):
        cases = [
            ({"urll": "x"}, "unknown key urll"),
            ({"url": "ftp://x"}, "url in .* must be an http"),
            ({"path_map": [{"from": "/a"}]}, "path_map in .* must be"),
            ({"roots": {"Harbour": 3}}, "roots in .* must be"),
            ({"timeout_s": 0}, "timeout_s in .* above 0"),
            ({"token": 12}, "token in .* a string"),
            ([1, 2], "must hold a JSON object"),
        ]
        for data, message in cases:
            path = self.write(os.path.join(self.dir, "c.json"), data)
            with self.assertRaisesRegex(svc.SvcError, message):
                self.load(path)


# ---------------------------------------------------------------- requests


class RequestTests(unittest.TestCase):
    def test_next_or_a_given_hand_off_with_the_token(self):
        request = svc.build_request(config(token="svc_tok", url="http://host:8501"))
        self.assertEqual(request.full_url, "http://host:8501/api/handoff/next")
        self.assertEqual(request.get_header("Authorization"), "Bearer svc_tok")
        self.assertEqual(request.get_method(), "GET")
        retry = svc.build_request(config(project="Harbour night"), 12)
        self.assertEqual(retry.full_url, "http://127.0.0.1:9/api/handoff/12?project=Harbour+night")
        self.assertIsNone(retry.get_header("Authorization"))

    def test_error_detail_reads_svcs_json_else_the_text(self):
        self.assertEqual(svc.error_detail(b'{"detail": "bin: too long"}'), "bin: too long")
        self.assertEqual(svc.error_detail(b'{"detail": [{"path": ["ids"]}]}'), '[{"path": ["ids"]}]')
        self.assertEqual(svc.error_detail(b"Bad Gateway"), "Bad Gateway")


class HttpTests(unittest.TestCase):
    def serve(self, answers):
        server = Svc(answers)
        self.addCleanup(server.close)
        return server

    def test_200_gives_the_hand_off_and_sends_the_token(self):
        server = self.serve({"/api/handoff/next": (200, handoff_bytes())})
        handoff = svc.fetch_handoff(config(url=server.url, token="svc_tok"))
        self.assertEqual(handoff["id"], 7)
        self.assertEqual(server.requests[0][1].get("Authorization"), "Bearer svc_tok")

    def test_a_retry_asks_for_that_hand_off(self):
        server = self.serve({"/api/handoff/7": (200, handoff_bytes())})
        self.assertEqual(svc.fetch_handoff(config(url=server.url), 7)["id"], 7)
        self.assertEqual(server.requests[0][0], "/api/handoff/7")

    def test_204_says_there_is_nothing_to_hand_off(self):
        server = self.serve({"/api/handoff/next": (204, b"")})
        with self.assertRaisesRegex(svc.SvcError, "^nothing to hand off: choose clips in svc and press Send to Resolve$"):
            svc.fetch_handoff(config(url=server.url))

    def test_401_403_404_and_500_carry_svcs_words(self):
        server = self.serve({
            "/api/handoff/next": (401, b'{"detail": "unknown token"}'),
            "/api/handoff/3": (403, b'{"detail": "needs videos_read"}'),
            "/api/handoff/4": (404, b'{"detail": "no hand-off 4"}'),
            "/api/handoff/5": (500, b'{"detail": "internal error; see the service log"}'),
        })
        cases = [
            (None, r"svc did not accept the token \(401: unknown token\): set token in svc_resolve.json or SVC_TOKEN"),
            (3, r"may not read hand-offs \(403: needs videos_read\)"),
            (4, r"svc has no hand-off 4"),
            (5, r"svc answered 500: internal error; see the service log"),
        ]
        for handoff_id, message in cases:
            with self.assertRaisesRegex(svc.SvcError, message):
                svc.fetch_handoff(config(url=server.url), handoff_id)

    def test_malformed_json_and_a_wrong_shape(self):
        server = self.serve({"/api/handoff/next": (200, b"{not json"), "/api/handoff/1": (200, b'{"id": 1}')})
        with self.assertRaisesRegex(svc.SvcError, "svc's answer is not JSON"):
            svc.fetch_handoff(config(url=server.url))
        with self.assertRaisesRegex(svc.SvcError, "not a hand-off \\(no bin, items, paths, project, selects, timeline\\)"):
            svc.fetch_handoff(config(url=server.url), 1)
        broken = sample()
        del broken["items"][1]["path"]
        broken["selects"][0]["out_frame"] = "1200"
        server.answers["/api/handoff/2"] = (200, handoff_bytes(broken))
        with self.assertRaisesRegex(svc.SvcError, "no items\\[2\\].path, selects\\[1\\].out_frame\\)"):
            svc.fetch_handoff(config(url=server.url), 2)

    def test_a_closed_port_names_the_url_tried(self):
        port = closed_port()
        with self.assertRaisesRegex(svc.SvcError, "could not reach svc at http://127.0.0.1:%d/api/handoff/next" % port):
            svc.fetch_handoff(config(url="http://127.0.0.1:%d" % port))

    def test_a_server_that_never_answers_times_out_with_the_url(self):
        listener = socket.socket()
        self.addCleanup(listener.close)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        url = "http://127.0.0.1:%d" % listener.getsockname()[1]
        with self.assertRaisesRegex(svc.SvcError, "could not reach svc at %s/api/handoff/next \\(.*timed out" % url):
            svc.fetch_handoff(config(url=url, timeout_s=0.3))


# ---------------------------------------------------------------- paths


class PathTests(unittest.TestCase):
    def test_the_longest_prefix_wins_on_a_folder_boundary(self):
        path_map = [{"from": "/srv/media", "to": "/Volumes/Media"}, {"from": "/srv/media/harbour", "to": "/Volumes/Harbour"}]
        self.assertEqual(svc.map_path("/srv/media/harbour/A001/a.mov", path_map), "/Volumes/Harbour/A001/a.mov")
        self.assertEqual(svc.map_path("/srv/media/other/b.mov", path_map), "/Volumes/Media/other/b.mov")
        self.assertEqual(svc.map_path("/srv/mediaX/b.mov", path_map), "/srv/mediaX/b.mov")
        self.assertEqual(svc.map_path("/elsewhere/c.mov", path_map), "/elsewhere/c.mov")

    def test_a_windows_target_gets_backslashes(self):
        self.assertEqual(svc.map_path("/srv/media/A001/a.mov", [{"from": "/srv/media/", "to": "M:\\"}]), "M:\\A001\\a.mov")

    def test_absolute_in_either_spelling(self):
        for path in ("/srv/a.mov", "C:\\media\\a.mov", "d:/media/a.mov", "\\\\nas\\share\\a.mov"):
            self.assertTrue(svc.is_absolute(path), path)
        self.assertFalse(svc.is_absolute("A001/a.mov"))

    def test_relative_paths_join_the_projects_root(self):
        handoff = sample()
        found = svc.local_path("A001/a.mov", handoff, config(roots={"Harbour": "/Volumes/Harbour"}))
        self.assertEqual(found, os.path.join("/Volumes/Harbour", "A001", "a.mov"))

    def test_relative_paths_without_a_root_say_what_to_add(self):
        with self.assertRaisesRegex(svc.SvcError, 'relative to project "Harbour": add "roots": \\{"Harbour": '):
            svc.local_path("A001/a.mov", sample(), config())

    def test_a_relative_path_may_not_climb_out(self):
        with self.assertRaisesRegex(svc.SvcError, "leaves the project"):
            svc.local_path("../etc/passwd", sample(), config(roots={"Harbour": "/x"}))

    def test_absolute_hand_offs_go_through_the_path_map(self):
        handoff = dict(sample(), paths="absolute")
        self.assertEqual(
            svc.local_path("/srv/harbour/A001/a.mov", handoff, config(path_map=[{"from": "/srv", "to": "/Volumes/srv"}])),
            "/Volumes/srv/harbour/A001/a.mov",
        )

    def test_sequences_as_resolve_lists_them(self):
        self.assertEqual(svc.sequence_listing("/v/plate.%06d.dpx", 1001, 1096), "/v/plate.[001001-001096].dpx")
        self.assertEqual(
            svc.sequence_spec("/v/plate.%06d.dpx", 1001, 1096), {"FilePath": "/v/plate.%06d.dpx", "StartIndex": 1001, "EndIndex": 1096}
        )


# ---------------------------------------------------------------- fields and colours


class FieldTests(unittest.TestCase):
    def test_the_log_becomes_resolves_metadata(self):
        fields = svc.clip_metadata(item(sample(), 41))
        self.assertEqual(fields, {
            "Scene": "12A", "Take": "3", "Camera #": "A", "Angle": "wide", "Keywords": "harbour,night",
            "Comments": "Best take \u2014 the boat arrives on cue",
            "Description": "A fishing boat docks at night under sodium lights.", "Good Take": "true",
        })

    def test_empty_fields_leave_resolves_values_alone(self):
        fields = svc.clip_metadata(item(sample(), 43))
        self.assertEqual(fields, {"Scene": "12A", "Take": "3"})

    def test_keywords_keep_what_the_editor_typed_and_commas_in_tags_split_nothing(self):
        self.assertEqual(svc.merge_keywords("hero, dusk", ["night", "dusk", "wind, noise"]), "hero,dusk,night,wind noise")
        self.assertNotIn("Keywords", svc.clip_metadata(item(sample(), 41), "harbour,night"))

    def test_ratings_and_tags_decide_good_or_reject(self):
        cases = [
            ({"rating": "5"}, "good"), ({"rating": "4"}, "good"), ({"rating": "", "circled": True}, "good"),
            ({"rating": "3"}, None), ({"rating": "2"}, None), ({"rating": ""}, None),
            ({"rating": "1"}, "reject"), ({"rating": "5", "tags": ["unusable"]}, "reject"),
            ({"rating": "1", "circled": True}, "reject"),
        ]
        for fields, expected in cases:
            self.assertEqual(svc.verdict(fields), expected, fields)
        self.assertNotIn("Good Take", svc.clip_metadata({"rating": "5", "tags": ["unusable"]}))

    def test_every_svc_colour_is_a_resolve_marker_colour(self):
        svc_colours = ["blue", "cyan", "green", "yellow", "red", "pink", "purple", "fuchsia",
                       "rose", "lavender", "sky", "mint", "lemon", "sand", "cocoa", "cream"]
        self.assertEqual([svc.marker_color(colour) for colour in svc_colours], list(fake_resolve.MARKER_COLORS))

    def test_names_lose_control_characters_and_keep_the_rest(self):
        self.assertEqual(svc.clean_name("Gull\tcry\nloud\r"), "Gull cry loud")
        odd = 'B002 "Quay" <wide> & Tom\'s \U0001F30A \u05e9\u05dc\u05d5\u05dd\u200f'
        self.assertEqual(svc.clean_name(odd), odd)
        self.assertEqual(svc.marker_custom_data(301), "svc:301")


# ---------------------------------------------------------------- frames


class FrameTests(unittest.TestCase):
    NTSC_FILM = {"num": 24000, "den": 1001}
    NTSC = {"num": 30000, "den": 1001}
    PAL = {"num": 25, "den": 1}

    def test_rates_as_resolve_spells_them(self):
        self.assertEqual(svc.rate_setting(self.NTSC_FILM), "23.976")
        self.assertEqual(svc.rate_setting(self.NTSC), "29.97")
        self.assertEqual(svc.rate_setting(self.PAL), "25")
        self.assertEqual(svc.rate_setting({"num": 60000, "den": 1001}), "59.94")
        self.assertEqual(svc.rate_setting({"num": 24, "den": 1}), "24")

    def test_timecodes_count_frames_at_23976_2997_df_and_25(self):
        self.assertEqual(svc.timecode_frames("01:00:00:00", self.NTSC_FILM, False), 86400)
        self.assertEqual(svc.timecode_frames("00:00:01:00", self.NTSC_FILM, False), 24)
        self.assertEqual(svc.timecode_frames("01:00:00;00", self.NTSC, True), 107892)
        self.assertEqual(svc.timecode_frames("00:01:00;02", self.NTSC, True), 1800)
        self.assertEqual(svc.timecode_frames("00:10:00;00", self.NTSC, True), 17982)
        self.assertEqual(svc.timecode_frames("01:00:00:00", self.NTSC, False), 108000)
        self.assertEqual(svc.timecode_frames("10:00:00:00", self.PAL, False), 900000)
        self.assertEqual(svc.timecode_frames("01:00:00;00", {"num": 60000, "den": 1001}, True), 215784)
        with self.assertRaises(ValueError):
            svc.timecode_frames("1 hour", self.PAL, False)

    def test_resolve_18_counts_end_frame_inclusive_19_and_later_exclusive(self):
        self.assertTrue(svc.ends_inclusive([18, 6, 6, 7, ""]))
        self.assertFalse(svc.ends_inclusive([19, 0, 0, 1, ""]))
        self.assertFalse(svc.ends_inclusive([20, 2, 0, 0, ""]))
        self.assertFalse(svc.ends_inclusive([]))

    def test_a_select_becomes_a_clip_info(self):
        select = {"in_frame": 48, "out_frame": 1200, "record_frame": 1152}
        self.assertEqual(
            svc.select_clip_info("clip", select, 86400, False),
            {"mediaPoolItem": "clip", "startFrame": 48, "endFrame": 1200, "recordFrame": 87552, "trackIndex": 1},
        )
        self.assertEqual(svc.select_clip_info("clip", select, 86400, True)["endFrame"], 1199)

    def test_trim_becomes_marks_with_an_inclusive_out(self):
        self.assertEqual(svc.mark_in_out({"in_frame": 48, "out_frame": 1200}), (48, 1199))
        self.assertEqual(svc.mark_in_out({"in_frame": 0, "out_frame": 1}), (0, 0))
        self.assertIsNone(svc.mark_in_out({"in_frame": 300, "out_frame": 300}))
        self.assertIsNone(svc.mark_in_out(None))


# ---------------------------------------------------------------- inside a fake Resolve


class ResolveCase(unittest.TestCase):
    def setUp(self):
        self.handoff = sample()
        self.media = Media(self.handoff)
        self.addCleanup(self.media.remove)
        self.config = config(roots={"Harbour": self.media.root})
        self.resolve = fake_resolve.Resolve()
        self.fetched = []

    @property
    def project(self):
        return self.resolve.project_manager.project

    @property
    def pool(self):
        return self.project.media_pool

    def fetch(self, cfg, handoff_id=None):
        self.fetched.append(handoff_id)
        return copy.deepcopy(self.handoff)

    def run_script(self):
        lines = Lines()
        report = svc.run(self.resolve, self.config, lines, None, self.fetch)
        return report, lines

    def clip(self, relative):
        wanted = self.media.path(relative)
        for folder in svc.all_folders(self.pool.root):
            for clip in folder.clips:
                if clip.properties["File Path"] == wanted:
                    return clip
        raise AssertionError("no clip for %s" % relative)

    def bin(self):
        return next(folder for folder in self.pool.root.subfolders if folder.name == "Day 12 \u2014 harbour")


class RunTests(ResolveCase):
    def test_a_hand_off_brings_everything_in(self):
        report, lines = self.run_script()
        self.assertEqual(report.problems, 0, lines.text)
        self.assertEqual(len(self.resolve.called("MediaPool.AddSubFolder")), 1)
        self.assertEqual(len(self.bin().clips), 4)
        self.assertEqual(report.counts["imported"], 4)
        self.assertIn("svc_resolve: 4 imported, 0 already in the project, 1 proxies linked, 3 markers added", lines.lines[-1])
        self.assertIn('timeline: Harbour night \u2014 selects (5 selects placed)', lines.lines[-1])

    def test_a_second_run_reuses_the_bin_the_clips_the_markers_and_the_timeline(self):
        self.run_script()
        imports = len(self.resolve.called("MediaPool.ImportMedia"))
        markers = len(self.resolve.called("MediaPoolItem.AddMarker"))
        report, lines = self.run_script()
        self.assertEqual(report.problems, 0, lines.text)
        self.assertEqual(len(self.resolve.called("MediaPool.AddSubFolder")), 1)
        self.assertEqual(len(self.resolve.called("MediaPool.ImportMedia")), imports)
        self.assertEqual(len(self.resolve.called("MediaPoolItem.AddMarker")), markers)
        self.assertEqual(len(self.resolve.called("MediaPool.CreateEmptyTimeline")), 1)
        self.assertEqual(len(self.bin().clips), 4)
        self.assertEqual(len(self.project.timelines), 1)
        self.assertEqual((report.counts["reused"], report.counts["markers_kept"], report.counts["proxies_kept"]), (4, 3, 1))
        self.assertEqual(sum(len(self.clip(e["path"]).markers) for e in self.handoff["items"] if not e["sequence"]), 3)
        self.assertEqual(self.clip("A001/A001C003_230412_R1AB.mov").flags, ["Green"])
        self.assertIn("is already in the project; left as it is", lines.text)
        self.assertIn("timeline: Harbour night \u2014 selects (already there, unchanged)", lines.lines[-1])

    def test_a_clip_anywhere_in_the_media_pool_is_reused(self):
        elsewhere = fake_resolve.Folder(self.resolve, "Dailies")
        self.pool.root.subfolders.append(elsewhere)
        path = self.media.path("A001/A001C003_230412_R1AB.mov")
        elsewhere.clips.append(fake_resolve.MediaPoolItem(self.resolve, path, "A001C003"))
        report, _ = self.run_script()
        self.assertEqual((report.counts["imported"], report.counts["reused"]), (3, 1))
        self.assertNotIn([path], [args[0] for args in self.resolve.called("MediaPool.ImportMedia")])
        self.assertEqual(elsewhere.clips[0].marks["video"], {"in": 48, "out": 1199})

    def test_an_existing_bin_is_used(self):
        self.pool.root.subfolders.append(fake_resolve.Folder(self.resolve, "Day 12 \u2014 harbour"))
        self.run_script()
        self.assertEqual(self.resolve.called("MediaPool.AddSubFolder"), [])
        self.assertEqual(len(self.pool.root.subfolders), 1)

    def test_media_goes_into_the_bin_and_a_sequence_by_its_frames(self):
        self.run_script()
        self.assertIs(self.resolve.called("MediaPool.SetCurrentFolder")[0][0], self.bin())
        imports = [args[0][0] for args in self.resolve.called("MediaPool.ImportMedia")]
        self.assertIn(self.media.path("A001/A001C003_230412_R1AB.mov"), imports)
        self.assertIn(
            {"FilePath": self.media.path("VFX/plate.%06d.dpx"), "StartIndex": 1001, "EndIndex": 1096}, imports
        )

    def test_the_proxy_is_linked_by_its_absolute_path(self):
        self.run_script()
        self.assertEqual(
            self.resolve.called("MediaPoolItem.LinkProxyMedia"), [(self.media.path("Proxy/A001/A001C003_230412_R1AB.mov"),)]
        )

    def test_metadata_and_flags(self):
        self.run_script()
        a001 = self.clip("A001/A001C003_230412_R1AB.mov")
        self.assertEqual(a001.metadata["Camera #"], "A")
        self.assertEqual(a001.metadata["Good Take"], "true")
        self.assertEqual(a001.metadata["Keywords"], "harbour,night")
        odd = self.clip(item(self.handoff, 42)["path"])
        self.assertEqual(odd.metadata["Comments"], "Wind on the mic\tall through\nuse for the cutaway only")
        self.assertEqual(odd.metadata["Keywords"], "unusable,wind noise")
        self.assertNotIn("Good Take", odd.metadata)
        self.assertEqual(odd.flags, ["Red"])
        self.assertEqual(self.clip("Sound/12A-3_T004.WAV").flags, ["Red"])

    def test_markers_with_resolves_colours_names_and_custom_data(self):
        self.run_script()
        a001 = self.clip("A001/A001C003_230412_R1AB.mov")
        self.assertEqual(a001.markers[700.0], {"color": "Red", "duration": 12.0, "note": "soft for half a second", "name": "Focus buzz", "customData": "svc:302"})
        self.assertEqual(a001.markers[96.0]["color"], "Green")
        odd = self.clip(item(self.handoff, 42)["path"])
        self.assertEqual(odd.markers[0.0]["name"], "Gull cry loud")
        self.assertEqual(odd.markers[0.0]["note"], '<b>&amp;</b> "quoted" \u200fRTL')
        self.assertEqual(odd.markers[0.0]["color"], "Lavender")

    def test_in_and_out_from_the_trim_only(self):
        self.run_script()
        self.assertEqual(self.resolve.called("MediaPoolItem.SetMarkInOut"), [(48, 1199, "all")])

    def test_the_selects_timeline_at_the_hand_offs_rate_and_start(self):
        self.run_script()
        timeline = self.project.timelines[0]
        self.assertEqual(timeline.name, "Harbour night \u2014 selects")
        self.assertEqual(timeline.settings["timelineFrameRate"], "23.976")
        self.assertEqual(timeline.start_timecode, "01:00:00:00")
        self.assertIs(self.project.current_timeline, timeline)
        infos = [args[0][0] for args in self.resolve.called("MediaPool.AppendToTimeline")]
        spans = [(info["startFrame"], info["endFrame"], info["recordFrame"]) for info in infos]
        self.assertEqual(spans, [(48, 1200, 86400), (300, 420, 87552), (0, 900, 87672), (0, 1600, 88392), (0, 96, 89992)])
        self.assertIs(infos[1]["mediaPoolItem"], self.clip("A001/A001C003_230412_R1AB.mov"))
        # Butt-joined: each select ends where the next begins.
        items = timeline.items
        self.assertEqual([entry.GetEnd() for entry in items[:2]], [entry.GetStart() for entry in items[1:3]])

    def test_resolve_18_gets_an_inclusive_end_frame_and_the_same_lengths(self):
        self.resolve.version = [18, 6, 6, 7, ""]
        self.run_script()
        infos = [args[0][0] for args in self.resolve.called("MediaPool.AppendToTimeline")]
        self.assertEqual([info["endFrame"] for info in infos], [1199, 419, 899, 1599, 95])
        self.assertEqual([entry.GetDuration() for entry in self.project.timelines[0].items], [1152, 120, 900, 1600, 96])

    def test_a_drop_frame_timeline(self):
        self.handoff["timeline"].update(rate={"num": 30000, "den": 1001}, drop_frame=True, start_timecode="00:59:58;00")
        self.run_script()
        timeline = self.project.timelines[0]
        self.assertEqual(timeline.settings["timelineDropFrameTimecode"], "1")
        first = self.resolve.called("MediaPool.AppendToTimeline")[0][0][0]
        self.assertEqual(first["recordFrame"], svc.timecode_frames("00:59:58;00", self.handoff["timeline"]["rate"], True))

    def test_a_zero_frame_subclip_is_left_out(self):
        self.handoff["items"][0]["subclips"][0]["out_frame"] = 300
        self.handoff["selects"][1]["out_frame"] = 300
        report, lines = self.run_script()
        self.assertEqual(report.counts["placed"], 4)
        self.assertIn('select "Dock line" has no frames; left out of the timeline', lines.text)

    def test_names_with_tabs_newlines_and_emoji(self):
        self.handoff["bin"] = 'Day\t12\n"rushes" <A&B> \U0001F3AC \u200fשלום'
        self.handoff["timeline"]["name"] = "sel\nects"
        report, lines = self.run_script()
        self.assertEqual(report.problems, 0, lines.text)
        self.assertEqual(self.pool.root.subfolders[0].name, '"rushes" <A&B> \U0001F3AC \u200fשלום'.join(["Day 12 ", ""]))
        self.assertEqual(self.project.timelines[0].name, "sel ects")
        self.assertIn("\U0001F30A", lines.text)

    def test_skipped_items_are_mentioned(self):
        _, lines = self.run_script()
        self.assertIn("item 45 was not handed off: offline", lines.text)


class FailureTests(ResolveCase):
    def test_no_project_open_stops_before_taking_the_hand_off(self):
        self.resolve.fail("ProjectManager.GetCurrentProject")
        with self.assertRaisesRegex(svc.SvcError, "no project is open in Resolve"):
            self.run_script()
        self.assertEqual(self.fetched, [])

    def test_resolve_not_answering(self):
        self.resolve.fail("Resolve.GetProjectManager")
        with self.assertRaisesRegex(svc.SvcError, "Resolve did not answer"):
            self.run_script()

    def test_no_bin_stops_cleanly_and_imports_nothing(self):
        self.resolve.fail("MediaPool.AddSubFolder")
        with self.assertRaisesRegex(svc.SvcError, 'could not make the bin "Day 12 \u2014 harbour" \\(MediaPool.AddSubFolder returned nothing\\)'):
            self.run_script()
        self.assertEqual(self.resolve.called("MediaPool.ImportMedia"), [])

    def test_a_failed_import_skips_that_clip_and_carries_on(self):
        wav = self.media.path("Sound/12A-3_T004.WAV")
        self.resolve.fail("MediaPool.ImportMedia", lambda items: items == [wav])
        report, lines = self.run_script()
        self.assertEqual(report.problems, 2, lines.text)
        self.assertIn('Resolve did not import "12A-3_T004.WAV" from %s (MediaPool.ImportMedia returned nothing); skipped' % wav, lines.text)
        self.assertIn('select "12A-3_T004.WAV" not placed: its clip is not in the project', lines.text)
        self.assertEqual(report.counts["imported"], 3)
        self.assertEqual(report.counts["placed"], 4)

    def test_a_missing_file_is_named_and_skipped(self):
        os.remove(self.media.path("Sound/12A-3_T004.WAV"))
        report, lines = self.run_script()
        self.assertIn('"12A-3_T004.WAV" is not at %s on this machine; skipped' % self.media.path("Sound/12A-3_T004.WAV"), lines.text)
        self.assertEqual(report.counts["imported"], 3)

    def test_a_failed_append_is_reported_and_the_rest_placed(self):
        self.resolve.fail("MediaPool.AppendToTimeline", lambda infos: infos[0]["startFrame"] == 300)
        report, lines = self.run_script()
        self.assertIn('Resolve did not place the select "Dock line" (AppendToTimeline returned nothing)', lines.text)
        self.assertEqual((report.counts["placed"], report.problems), (4, 1))

    def test_no_timeline_is_reported(self):
        self.resolve.fail("MediaPool.CreateEmptyTimeline")
        report, lines = self.run_script()
        self.assertIn("could not make the timeline", lines.text)
        self.assertEqual(self.resolve.called("MediaPool.AppendToTimeline"), [])
        self.assertEqual(report.counts["imported"], 4)

    def test_a_refused_rate_or_start_is_reported(self):
        self.resolve.fail("Timeline.SetStartTimecode")
        self.resolve.fail("Timeline.GetStartFrame")
        report, lines = self.run_script()
        self.assertIn("kept its own start timecode", lines.text)
        first = self.resolve.called("MediaPool.AppendToTimeline")[0][0][0]
        self.assertEqual(first["recordFrame"], 86400)

    def test_proxy_marker_metadata_and_flag_failures_are_reported(self):
        for name in ("MediaPoolItem.LinkProxyMedia", "MediaPoolItem.AddMarker", "MediaPoolItem.SetMetadata", "MediaPoolItem.AddFlag", "MediaPoolItem.SetMarkInOut"):
            self.resolve.fail(name)
        report, lines = self.run_script()
        for message in ("did not link the proxy", 'did not add the marker "Boat enters" at frame 96', "did not take the metadata",
                        "did not flag", "did not set in/out 48-1199"):
            self.assertIn(message, lines.text)
        self.assertEqual(report.counts["placed"], 5)

    def test_a_missing_proxy_file_is_named(self):
        os.remove(self.media.path("Proxy/A001/A001C003_230412_R1AB.mov"))
        _, lines = self.run_script()
        self.assertIn("the proxy of \"A001C003_230412_R1AB.mov\" is not at", lines.text)
        self.assertEqual(self.resolve.called("MediaPoolItem.LinkProxyMedia"), [])

    def test_a_resolve_without_set_mark_in_out(self):
        class OlderItem(fake_resolve.MediaPoolItem):
            SetMarkInOut = None

        self.pool.item_class = OlderItem
        report, lines = self.run_script()
        self.assertIn("Resolve 19.1 or later sets marks from a script", lines.text)
        self.assertEqual(report.counts["placed"], 5)

    def test_relative_paths_without_a_root(self):
        self.config["roots"] = {}
        report, lines = self.run_script()
        self.assertIn('add "roots": {"Harbour": "<its folder on this machine>"}', lines.text)
        self.assertEqual(report.counts["imported"], 0)


# ---------------------------------------------------------------- main() and the whole script


class MainTests(unittest.TestCase):
    def setUp(self):
        self.handoff = sample()
        self.media = Media(self.handoff)
        self.addCleanup(self.media.remove)
        self.config_path = os.path.join(self.media.root, "svc_resolve.json")

    def write_config(self, url, **extra):
        data = {"url": url, "token": "svc_tok", "roots": {"Harbour": self.media.root}}
        data.update(extra)
        with open(self.config_path, "w", encoding="utf-8") as handle:
            json.dump(data, handle)

    def main(self, answers=None, url=None, namespace=None, args=()):
        if answers is not None:
            server = Svc(answers)
            self.addCleanup(server.close)
            url = server.url
        self.write_config(url)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = svc.main(["--config", self.config_path] + list(args), namespace if namespace is not None else {"resolve": fake_resolve.Resolve()})
        self.assertNotIn("Traceback", out.getvalue())
        return code, out.getvalue()

    def test_a_full_run_exits_0(self):
        code, out = self.main({"/api/handoff/next": (200, handoff_bytes())})
        self.assertEqual(code, 0, out)
        self.assertIn("4 imported", out)

    def test_a_retry_by_id(self):
        code, out = self.main({"/api/handoff/7": (200, handoff_bytes())}, args=["--handoff", "7"])
        self.assertEqual(code, 0, out)

    def test_each_failure_is_one_clear_line_and_exit_1(self):
        port = closed_port()
        cases = [
            ({"/api/handoff/next": (204, b"")}, None, "svc_resolve: nothing to hand off: choose clips in svc and press Send to Resolve\n"),
            ({"/api/handoff/next": (401, b'{"detail": "unknown token"}')}, None, "svc did not accept the token (401: unknown token)"),
            ({"/api/handoff/next": (200, b"<html>")}, None, "svc's answer is not JSON"),
            (None, "http://127.0.0.1:%d" % port, "could not reach svc at http://127.0.0.1:%d/api/handoff/next" % port),
        ]
        for answers, url, message in cases:
            code, out = self.main(answers, url)
            self.assertEqual(code, 1, out)
            self.assertIn(message, out)
            self.assertEqual(len(out.strip().splitlines()), 1, out)

    def test_no_resolve_says_where_to_run_it(self):
        code, out = self.main(url="http://127.0.0.1:9", namespace={})
        self.assertEqual(code, 1)
        self.assertIn("run this from DaVinci Resolve's Workspace -> Scripts menu", out)

    def test_an_unexpected_error_is_one_line(self):
        class Broken(fake_resolve.Resolve):
            def GetProjectManager(self):
                raise RuntimeError("the scripting bridge went away")

        code, out = self.main(url="http://127.0.0.1:9", namespace={"resolve": Broken()})
        self.assertEqual(code, 1)
        self.assertEqual(out, "svc_resolve: unexpected RuntimeError: the scripting bridge went away (please report it with what you ran)\n")

    def test_a_problem_along_the_way_exits_1_after_the_summary(self):
        os.remove(self.media.path("Sound/12A-3_T004.WAV"))
        code, out = self.main({"/api/handoff/next": (200, handoff_bytes())})
        self.assertEqual(code, 1)
        self.assertIn("2 problems reported above", out)


BOOTSTRAP = """
import runpy, sys
sys.path.insert(0, {fake_dir!r})
import fake_resolve
runpy.run_path({script!r}, init_globals={{"resolve": fake_resolve.Resolve()}}, run_name="__main__")
"""


class WholeScriptTests(unittest.TestCase):
    """The script as Resolve runs it: its globals hold `resolve`, and it runs on import."""

    def setUp(self):
        self.handoff = sample()
        self.media = Media(self.handoff)
        self.addCleanup(self.media.remove)
        self.bootstrap = os.path.join(self.media.root, "bootstrap.py")
        with open(self.bootstrap, "w", encoding="utf-8") as handle:
            handle.write(BOOTSTRAP.format(fake_dir=HERE, script=SCRIPT))

    def launch(self, url, command):
        config_path = os.path.join(self.media.root, "resolve.json")
        with open(config_path, "w", encoding="utf-8") as handle:
            json.dump({"url": url, "roots": {"Harbour": self.media.root}}, handle)
        env = dict(os.environ, SVC_RESOLVE_CONFIG=config_path, PYTHONIOENCODING="utf-8")
        env.pop("SVC_TOKEN", None)
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=60)
        out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
        self.assertNotIn("Traceback", out + err)
        return done.returncode, out, err

    def test_inside_resolve_it_brings_the_hand_off_in(self):
        server = Svc({"/api/handoff/next": (200, handoff_bytes())})
        self.addCleanup(server.close)
        code, out, err = self.launch(server.url, [sys.executable, self.bootstrap])
        self.assertEqual((code, err), (0, ""), out)
        self.assertIn("svc_resolve: 4 imported", out)
        self.assertIn("\U0001F30A", out)

    def test_svc_unreachable_is_one_line_and_exit_1(self):
        port = closed_port()
        code, out, err = self.launch("http://127.0.0.1:%d" % port, [sys.executable, self.bootstrap])
        self.assertEqual(code, 1)
        self.assertEqual(err, "")
        self.assertRegex(out, r"^svc_resolve: could not reach svc at http://127\.0\.0\.1:%d/api/handoff/next \([^\n]*\n$" % port)

    def test_outside_resolve_it_says_where_to_run_it(self):
        code, out, err = self.launch("http://127.0.0.1:9", [sys.executable, SCRIPT])
        self.assertEqual(code, 1)
        self.assertEqual(out, "svc_resolve: no DaVinci Resolve to talk to: run this from DaVinci Resolve's Workspace -> Scripts menu\n")

    def test_a_bad_option_is_argparses_usage_not_a_traceback(self):
        code, out, err = self.launch("http://127.0.0.1:9", [sys.executable, SCRIPT, "--handoff", "seven"])
        self.assertEqual(code, 2)
        self.assertIn("invalid int value", err)


if __name__ == "__main__":
    unittest.main()
