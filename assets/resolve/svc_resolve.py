"""svc_resolve: brings svc's newest hand-off into the open DaVinci Resolve project.

Run it from Resolve's Workspace -> Scripts menu (svc nle install resolve puts it there). It asks
svc for the hand-off an editor prepared (the web app's "Send to Resolve", or svc handoff create),
then imports the media into a bin, links svc's editor proxies, writes the log into Resolve's
metadata, adds the markers and the in/out points, and builds a timeline of selects. A re-run
reuses what is already in the project. docs/resolve.md in svc's repository explains each step.

Python 3.6 or later, standard library only: it runs on the Python that Resolve uses.
"""

import argparse
import http.client
import json
import os
import re
import socket
import sys
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_URL = "http://127.0.0.1:8501"
DEFAULT_TIMEOUT_S = 30
CONFIG_NAME = "svc_resolve.json"
CONFIG_KEYS = ("url", "token", "project", "path_map", "roots", "timeout_s")
NOTHING_PENDING = "nothing to hand off: choose clips in svc and press Send to Resolve"
FROM_MENU = "run this from DaVinci Resolve's Workspace -> Scripts menu"
# The first Resolve whose AppendToTimeline endFrame is exclusive (18 counted it inclusive).
EXCLUSIVE_END_SINCE = 19
GOOD_RATINGS = ("4", "5")
REJECT_RATINGS = ("1",)
REJECT_TAG = "unusable"
GOOD_FLAG = "Green"
REJECT_FLAG = "Red"
RESOLVE_RATES = {
    (24000, 1001): "23.976",
    (30000, 1001): "29.97",
    (48000, 1001): "47.952",
    (60000, 1001): "59.94",
    (120000, 1001): "119.88",
}


class SvcError(Exception):
    """A problem the user can act on; its message is the one line they see."""


# ---------------------------------------------------------------- configuration


def user_config_path(platform, environ, home):
    """Where the per-user configuration lives on this system."""
    if platform.startswith("win"):
        appdata = environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
        return os.path.join(appdata, "svc", "resolve.json")
    if platform == "darwin":
        return os.path.join(home, "Library", "Application Support", "svc", "resolve.json")
    return os.path.join(home, ".config", "svc", "resolve.json")


def config_source(explicit, environ, script_dir, platform, home):
    """The file to read and whether it must exist: --config, SVC_RESOLVE_CONFIG, beside the script, per user."""
    if explicit:
        return explicit, True
    if environ.get("SVC_RESOLVE_CONFIG"):
        return environ["SVC_RESOLVE_CONFIG"], True
    beside = os.path.join(script_dir, CONFIG_NAME)
    if os.path.isfile(beside):
        return beside, False
    return user_config_path(platform, environ, home), False


def read_config_file(path, required):
    if not os.path.isfile(path):
        if required:
            raise SvcError("the configuration file %s does not exist" % path)
        return {}
    try:
        with open(path, encoding="utf-8-sig") as handle:
            data = json.load(handle)
    except ValueError as error:
        raise SvcError("the configuration file %s is not valid JSON: %s" % (path, error))
    except OSError as error:
        raise SvcError("could not read the configuration file %s: %s" % (path, error.strerror or error))
    if not isinstance(data, dict):
        raise SvcError("the configuration file %s must hold a JSON object" % path)
    return data


def checked_config(data, path, environ):
    """The configuration with its defaults, or a SvcError naming the key that is wrong."""

    def wrong(key, expected):
        return SvcError("%s in %s must be %s" % (key, path, expected))

    unknown = sorted(key for key in data if key not in CONFIG_KEYS)
    if unknown:
        raise SvcError("unknown key %s in %s (known: %s)" % (", ".join(unknown), path, ", ".join(CONFIG_KEYS)))
    url = data.get("url") or DEFAULT_URL
    if not isinstance(url, str) or not re.match(r"^https?://[^/\s]+", url):
        raise wrong("url", "an http:// or https:// address such as %s" % DEFAULT_URL)
    token = data.get("token") or environ.get("SVC_TOKEN") or ""
    if not isinstance(token, str):
        raise wrong("token", "a string")
    project = data.get("project") or ""
    if not isinstance(project, str):
        raise wrong("project", "a project's name")
    path_map = data.get("path_map") or []
    if not isinstance(path_map, list) or not all(
        isinstance(entry, dict)
        and isinstance(entry.get("from"), str)
        and isinstance(entry.get("to"), str)
        and entry["from"]
        for entry in path_map
    ):
        raise wrong("path_map", 'a list of {"from": "...", "to": "..."}')
    roots = data.get("roots") or {}
    if not isinstance(roots, dict) or not all(isinstance(value, str) for value in roots.values()):
        raise wrong("roots", 'an object of project name -> local folder, e.g. {"Harbour": "/Volumes/Harbour"}')
    timeout = data.get("timeout_s", DEFAULT_TIMEOUT_S)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise wrong("timeout_s", "a number of seconds above 0")
    return {
        "url": url.rstrip("/"),
        "token": token,
        "project": project,
        "path_map": sorted(path_map, key=lambda entry: len(entry["from"]), reverse=True),
        "roots": roots,
        "timeout_s": timeout,
        "source": path,
    }


def load_config(explicit=None, environ=None, script_dir=None, platform=None, home=None):
    environ = os.environ if environ is None else environ
    script_dir = script_dir or os.path.dirname(os.path.abspath(__file__))
    platform = platform or sys.platform
    home = home or os.path.expanduser("~")
    path, required = config_source(explicit, environ, script_dir, platform, home)
    return checked_config(read_config_file(path, required), path, environ)


# ---------------------------------------------------------------- talking to svc


def handoff_url(config, handoff_id=None):
    tail = "next" if handoff_id is None else str(handoff_id)
    url = "%s/api/handoff/%s" % (config["url"], tail)
    if config["project"]:
        url += "?" + urllib.parse.urlencode({"project": config["project"]})
    return url


def build_request(config, handoff_id=None):
    headers = {"Accept": "application/json", "User-Agent": "svc_resolve"}
    if config["token"]:
        headers["Authorization"] = "Bearer " + config["token"]
    return urllib.request.Request(handoff_url(config, handoff_id), headers=headers, method="GET")


def error_detail(body):
    """svc's own words from an error answer ({"detail": ...}), else the start of the body."""
    text = body.decode("utf-8", "replace").strip()
    try:
        detail = json.loads(text).get("detail")
    except (ValueError, AttributeError):
        detail = None
    if detail is None:
        return text[:200]
    return detail if isinstance(detail, str) else json.dumps(detail, ensure_ascii=False)[:200]


def http_failure(status, body, config, handoff_id):
    detail = error_detail(body)
    if status == 401:
        return SvcError(
            "svc did not accept the token (401: %s): set token in %s or SVC_TOKEN to a token made with "
            "svc token create" % (detail, config["source"])
        )
    if status == 403:
        return SvcError("the token may not read hand-offs (403: %s): it needs the videos_read scope" % detail)
    if status == 404 and handoff_id is not None:
        return SvcError("svc has no hand-off %s (404: %s)" % (handoff_id, detail))
    return SvcError("svc answered %d: %s" % (status, detail))


HANDOFF_SHAPE = {
    "id": int, "bin": str, "paths": str, "project": dict, "timeline": dict, "items": list, "selects": list,
}
ITEM_SHAPE = {"id": int, "name": str, "path": str, "markers": list}
SELECT_SHAPE = {"item_id": int, "name": str, "in_frame": int, "out_frame": int, "record_frame": int}


def lacking(value, shape):
    """The keys of `shape` that `value` lacks or holds with another type."""
    if not isinstance(value, dict):
        return sorted(shape)
    return [key for key, kind in sorted(shape.items()) if not isinstance(value.get(key), kind)]


def parse_handoff(body):
    try:
        handoff = json.loads(body.decode("utf-8"))
    except ValueError as error:
        raise SvcError("svc's answer is not JSON (%s); is url pointing at svc?" % error)
    missing = lacking(handoff, HANDOFF_SHAPE)
    if not missing:
        for number, item in enumerate(handoff["items"], 1):
            missing += ["items[%d].%s" % (number, key) for key in lacking(item, ITEM_SHAPE)]
        for number, select in enumerate(handoff["selects"], 1):
            missing += ["selects[%d].%s" % (number, key) for key in lacking(select, SELECT_SHAPE)]
    if missing:
        raise SvcError(
            "svc's answer is not a hand-off (no %s); is the script as new as svc?" % ", ".join(missing[:8])
        )
    return handoff


def fetch_handoff(config, handoff_id=None, opener=urllib.request.urlopen):
    """The hand-off from svc: the newest pending one (svc marks it done), or the one asked for."""
    request = build_request(config, handoff_id)
    try:
        response = opener(request, timeout=config["timeout_s"])
        with response:
            status = response.getcode()
            body = response.read()
    except urllib.error.HTTPError as error:
        raise http_failure(error.code, error.read() or b"", config, handoff_id)
    except (urllib.error.URLError, socket.timeout, OSError, http.client.HTTPException) as error:
        reason = getattr(error, "reason", error)
        raise SvcError(
            "could not reach svc at %s (%s): is svc running there, and is url in %s right?"
            % (request.full_url, reason, config["source"])
        )
    if status == 204:
        raise SvcError(NOTHING_PENDING)
    if status != 200:
        raise http_failure(status, body, config, handoff_id)
    return parse_handoff(body)


# ---------------------------------------------------------------- paths


def is_absolute(path):
    """Absolute in POSIX or Windows spelling, whatever this machine is: svc may run elsewhere."""
    return path.startswith("/") or path.startswith("\\\\") or bool(re.match(r"^[A-Za-z]:[\\/]", path))


def map_path(path, path_map):
    """The path as this seat sees it: the longest matching `from` prefix replaced by its `to`."""
    for entry in sorted(path_map, key=lambda e: len(e["from"]), reverse=True):
        prefix = entry["from"].rstrip("/\\")
        if path != prefix and not path.startswith(prefix + "/") and not path.startswith(prefix + "\\"):
            continue
        rest = path[len(prefix):]
        target = entry["to"].rstrip("/\\")
        if "\\" in entry["to"] and "/" not in entry["to"]:
            rest = rest.replace("/", "\\")
        return target + rest
    return path


def local_path(path, handoff, config):
    """Where Resolve finds a file svc named, or a SvcError saying what to configure."""
    if handoff["paths"] == "absolute" or is_absolute(path):
        return map_path(path, config["path_map"])
    parts = path.replace("\\", "/").split("/")
    if ".." in parts:
        raise SvcError("svc sent a relative path that leaves the project: %s" % clean_name(path))
    project = handoff["project"].get("name") or ""
    root = config["roots"].get(project)
    if not root:
        raise SvcError(
            'svc sent paths relative to project "%s": add "roots": {"%s": "<its folder on this machine>"} to %s, '
            "or connect as svc's own machine or with an admin token to get absolute paths"
            % (project, project, config["source"])
        )
    return map_path(os.path.join(root, *[part for part in parts if part]), config["path_map"])


def same_file(a, b):
    return os.path.normcase(os.path.normpath(a)) == os.path.normcase(os.path.normpath(b))


def sequence_spec(pattern, first, last):
    """ImportMedia's form for an image sequence: one clip of frames first..last."""
    return {"FilePath": pattern, "StartIndex": first, "EndIndex": last}


def sequence_listing(pattern, first, last):
    """How Resolve spells a sequence's path in the media pool: shot.[000001-000100].dpx."""
    match = re.search(r"%0?(\d*)d", pattern)
    if not match:
        return pattern
    width = int(match.group(1) or 0)
    span = "[%s-%s]" % (str(first).zfill(width), str(last).zfill(width))
    return pattern[: match.start()] + span + pattern[match.end():]


# ---------------------------------------------------------------- fields, colours, frames


def clean_name(text):
    """A name for a bin, timeline or marker: control characters (tabs, newlines) become spaces."""
    return re.sub(r"\s+", " ", re.sub(r"[\x00-\x1f\x7f]", " ", text)).strip()


def verdict(item):
    """"reject" for a 1 or the unusable tag, "good" for 4, 5 or a circled take, else None."""
    if item.get("rating") in REJECT_RATINGS or REJECT_TAG in item.get("tags", []):
        return "reject"
    if item.get("rating") in GOOD_RATINGS or item.get("circled"):
        return "good"
    return None


def merge_keywords(existing, tags):
    """Resolve's comma-separated Keywords with svc's tags added once; what the editor typed stays."""
    words = [word.strip() for word in (existing or "").split(",") if word.strip()]
    for tag in tags:
        word = clean_name(tag.replace(",", " "))
        if word and word not in words:
            words.append(word)
    return ",".join(words)


def clip_metadata(item, existing_keywords=""):
    """The Resolve metadata svc fills; an empty svc field leaves Resolve's value alone."""
    fields = {
        "Scene": item.get("scene", ""),
        "Take": item.get("take", ""),
        "Camera #": item.get("camera", ""),
        "Angle": item.get("angle", ""),
        "Comments": item.get("note", ""),
        "Description": item.get("description", ""),
    }
    keywords = merge_keywords(existing_keywords, item.get("tags", []))
    if keywords != (existing_keywords or ""):
        fields["Keywords"] = keywords
    if verdict(item) == "good":
        fields["Good Take"] = "true"
    return dict((key, value) for key, value in fields.items() if value)


def marker_color(color):
    """svc's lower-case marker colour as Resolve names it ("lavender" -> "Lavender")."""
    return (color or "blue")[:1].upper() + (color or "blue")[1:].lower()


def marker_custom_data(marker_id):
    return "svc:%d" % marker_id


def rate_setting(rate):
    """A rate as Resolve's timelineFrameRate setting spells it: "23.976", "25", "29.97"."""
    num, den = rate["num"], rate["den"]
    if (num, den) in RESOLVE_RATES:
        return RESOLVE_RATES[(num, den)]
    value = float(num) / den
    return ("%.3f" % value).rstrip("0").rstrip(".")


def timecode_frames(timecode, rate, drop_frame):
    """Frames from 00:00:00:00 to a timecode at a rate; drop-frame skips 2 (or 4 at 59.94) labels a minute."""
    match = re.match(r"^(\d+):(\d\d):(\d\d)[:;.](\d\d)$", timecode or "")
    if not match:
        raise ValueError("not a timecode: %r" % timecode)
    hours, minutes, seconds, frames = [int(part) for part in match.groups()]
    nominal = int(round(float(rate["num"]) / rate["den"]))
    total_minutes = hours * 60 + minutes
    count = (total_minutes * 60 + seconds) * nominal + frames
    if drop_frame:
        dropped = int(round(nominal / 15.0))
        count -= dropped * (total_minutes - total_minutes // 10)
    return count


def ends_inclusive(version):
    """Whether this Resolve counts AppendToTimeline's endFrame as the last frame (18 and earlier)."""
    try:
        return int(version[0]) < EXCLUSIVE_END_SINCE
    except (TypeError, ValueError, IndexError):
        return False


def select_clip_info(clip, select, record_base, inclusive_end):
    """AppendToTimeline's clipInfo for one select: source frames from the file's first (0), record at its place."""
    end = select["out_frame"] - 1 if inclusive_end else select["out_frame"]
    return {
        "mediaPoolItem": clip,
        "startFrame": select["in_frame"],
        "endFrame": end,
        "recordFrame": record_base + select["record_frame"],
        "trackIndex": 1,
    }


def mark_in_out(trim):
    """SetMarkInOut's (in, out) from svc's trim: Resolve's out mark is the last frame in, svc's the first out."""
    if not trim or trim["out_frame"] <= trim["in_frame"]:
        return None
    return trim["in_frame"], trim["out_frame"] - 1


# ---------------------------------------------------------------- inside Resolve


class Report(object):
    """What the run did, and every Resolve call that failed."""

    def __init__(self, say):
        self.say = say
        kinds = ("imported", "reused", "proxies", "proxies_kept", "markers", "markers_kept", "in_out", "placed")
        self.counts = dict((key, 0) for key in kinds)
        self.problems = 0
        self.timeline = None
        self.timeline_kept = False

    def problem(self, message):
        self.problems += 1
        self.say("  ! " + message)

    def summary(self):
        c = self.counts
        lines = [
            "svc_resolve: %d imported, %d already in the project, %d proxies linked, %d markers added "
            "(%d already there), %d in/out points"
            % (c["imported"], c["reused"], c["proxies"], c["markers"], c["markers_kept"], c["in_out"])
        ]
        if self.timeline and self.timeline_kept:
            lines.append("timeline: %s (already there, unchanged)" % self.timeline)
        elif self.timeline:
            lines.append("timeline: %s (%d selects placed)" % (self.timeline, c["placed"]))
        if self.problems:
            lines.append("%d problem%s reported above" % (self.problems, "" if self.problems == 1 else "s"))
        return "; ".join(lines)


def current_project(resolve):
    manager = resolve.GetProjectManager()
    if not manager:
        raise SvcError("Resolve did not answer (GetProjectManager returned nothing): is Resolve still starting?")
    project = manager.GetCurrentProject()
    if not project:
        raise SvcError("no project is open in Resolve: open the project to bring the clips into, then run this again")
    return project


def all_folders(folder):
    yield folder
    for sub in folder.GetSubFolderList() or []:
        for nested in all_folders(sub):
            yield nested


def media_pool_index(root):
    """Every clip in the media pool by its file path, so a clip already there is reused."""
    index = []
    for folder in all_folders(root):
        for clip in folder.GetClipList() or []:
            path = clip.GetClipProperty("File Path")
            if path:
                index.append((path, clip))
    return index


def find_clip(index, candidates):
    for path, clip in index:
        if any(same_file(path, candidate) for candidate in candidates):
            return clip
    return None


def find_or_make_bin(media_pool, root, name, report):
    for folder in root.GetSubFolderList() or []:
        if folder.GetName() == name:
            report.say('bin "%s" is already there; using it' % name)
            return folder
    folder = media_pool.AddSubFolder(root, name)
    if not folder:
        raise SvcError('Resolve could not make the bin "%s" (MediaPool.AddSubFolder returned nothing); nothing was imported' % name)
    report.say('made the bin "%s"' % name)
    return folder


def import_item(media_pool, item, path, report):
    sequence = item.get("sequence")
    if sequence:
        pattern_dir = os.path.dirname(path)
        pattern = os.path.join(pattern_dir, os.path.basename(sequence["pattern"].replace("\\", "/")))
        imported = media_pool.ImportMedia([sequence_spec(pattern, sequence["first"], sequence["last"])])
    else:
        imported = media_pool.ImportMedia([path])
    if not imported:
        report.problem(
            'Resolve did not import "%s" from %s (MediaPool.ImportMedia returned nothing); skipped'
            % (clean_name(item["name"]), path)
        )
        return None
    report.counts["imported"] += 1
    return imported[0]


def import_candidates(item, path):
    sequence = item.get("sequence")
    if not sequence:
        return [path]
    pattern = os.path.join(os.path.dirname(path), os.path.basename(sequence["pattern"].replace("\\", "/")))
    return [path, pattern, sequence_listing(pattern, sequence["first"], sequence["last"])]


def link_proxy(clip, item, handoff, config, report):
    if not item.get("proxy_path"):
        return
    try:
        proxy = local_path(item["proxy_path"], handoff, config)
    except SvcError as error:
        report.problem(str(error))
        return
    if not os.path.isfile(proxy):
        report.problem('the proxy of "%s" is not at %s; not linked' % (clean_name(item["name"]), proxy))
        return
    if same_file(clip.GetClipProperty("Proxy Media Path") or "", proxy):
        report.counts["proxies_kept"] += 1
        return
    if clip.LinkProxyMedia(proxy):
        report.counts["proxies"] += 1
    else:
        report.problem('Resolve did not link the proxy %s to "%s" (LinkProxyMedia returned False)' % (proxy, clean_name(item["name"])))


def write_metadata(clip, item, report):
    fields = clip_metadata(item, clip.GetMetadata("Keywords") or "")
    if fields and not clip.SetMetadata(fields):
        report.problem('Resolve did not take the metadata of "%s" (SetMetadata returned False)' % clean_name(item["name"]))
    flag = {"good": GOOD_FLAG, "reject": REJECT_FLAG}.get(verdict(item))
    if flag and flag not in (clip.GetFlagList() or []) and not clip.AddFlag(flag):
        report.problem('Resolve did not flag "%s" %s (AddFlag returned False)' % (clean_name(item["name"]), flag))


def add_markers(clip, item, report):
    for marker in item.get("markers", []):
        custom = marker_custom_data(marker["id"])
        if clip.GetMarkerByCustomData(custom):
            report.counts["markers_kept"] += 1
            continue
        added = clip.AddMarker(
            marker["frame"],
            marker_color(marker["color"]),
            clean_name(marker["name"]),
            marker["note"],
            max(1, marker["duration_frames"]),
            custom,
        )
        if added:
            report.counts["markers"] += 1
        else:
            report.problem(
                'Resolve did not add the marker "%s" at frame %d of "%s" (AddMarker returned False; '
                "another marker on that frame, or past the clip's end?)"
                % (clean_name(marker["name"]), marker["frame"], clean_name(item["name"]))
            )


def set_in_out(clip, item, report):
    marks = mark_in_out(item.get("trim"))
    if marks is None:
        return
    setter = getattr(clip, "SetMarkInOut", None)
    if not callable(setter):
        report.problem('in/out of "%s" not set: Resolve 19.1 or later sets marks from a script' % clean_name(item["name"]))
        return
    if setter(marks[0], marks[1]):
        report.counts["in_out"] += 1
    else:
        report.problem(
            'Resolve did not set in/out %d-%d on "%s" (SetMarkInOut returned False)'
            % (marks[0], marks[1], clean_name(item["name"]))
        )


def bring_item(media_pool, index, item, handoff, config, report):
    """One item into the bin with all it carries; None when it could not be brought in."""
    try:
        path = local_path(item["path"], handoff, config)
    except SvcError as error:
        report.problem(str(error))
        return None
    clip = find_clip(index, import_candidates(item, path))
    if clip:
        report.counts["reused"] += 1
    else:
        if not os.path.exists(path):
            report.problem(
                '"%s" is not at %s on this machine; skipped (a path_map entry maps svc\'s folders to this seat\'s)'
                % (clean_name(item["name"]), path)
            )
            return None
        clip = import_item(media_pool, item, path, report)
        if not clip:
            return None
        index.append((path, clip))
    link_proxy(clip, item, handoff, config, report)
    write_metadata(clip, item, report)
    add_markers(clip, item, report)
    set_in_out(clip, item, report)
    return clip


def existing_timeline(project, name):
    for number in range(1, (project.GetTimelineCount() or 0) + 1):
        timeline = project.GetTimelineByIndex(number)
        if timeline and timeline.GetName() == name:
            return timeline
    return None


def prepare_timeline(timeline, spec, report):
    """The new timeline at the hand-off's rate and start timecode (empty, so Resolve lets both change)."""
    settings = [("useCustomSettings", "1"), ("timelineFrameRate", rate_setting(spec["rate"]))]
    if spec.get("drop_frame"):
        settings.append(("timelineDropFrameTimecode", "1"))
    for key, value in settings:
        if not timeline.SetSetting(key, value):
            report.problem(
                "Resolve kept its own %s for the timeline (SetSetting refused %s); selects may land off by frames"
                % (key, value)
            )
    if not timeline.SetStartTimecode(spec["start_timecode"]):
        report.problem("Resolve kept its own start timecode for the timeline (SetStartTimecode refused %s)" % spec["start_timecode"])


def record_base(timeline, spec):
    start = timeline.GetStartFrame()
    if isinstance(start, (int, float)) and not isinstance(start, bool):
        return int(start)
    return timecode_frames(spec["start_timecode"], spec["rate"], spec.get("drop_frame"))


def build_timeline(resolve, project, media_pool, handoff, clips, report):
    spec = handoff["timeline"]
    name = clean_name(spec.get("name") or "") or clean_name(handoff["bin"]) or "svc selects %d" % handoff["id"]
    selects = [select for select in handoff["selects"] if select["out_frame"] > select["in_frame"]]
    for select in handoff["selects"]:
        if select["out_frame"] <= select["in_frame"]:
            report.say('  select "%s" has no frames; left out of the timeline' % clean_name(select["name"]))
    if not selects:
        report.say("no selects to place; no timeline made")
        return
    if existing_timeline(project, name):
        report.timeline = name
        report.timeline_kept = True
        report.say('timeline "%s" is already in the project; left as it is (delete it and re-run to rebuild)' % name)
        return
    timeline = media_pool.CreateEmptyTimeline(name)
    if not timeline:
        report.problem('Resolve could not make the timeline "%s" (CreateEmptyTimeline returned nothing)' % name)
        return
    if not project.SetCurrentTimeline(timeline):
        report.problem('Resolve could not open the timeline "%s" (SetCurrentTimeline returned False); no selects placed' % name)
        return
    report.timeline = name
    prepare_timeline(timeline, spec, report)
    base = record_base(timeline, spec)
    inclusive = ends_inclusive(resolve.GetVersion() or [])
    for select in selects:
        clip = clips.get(select["item_id"])
        if clip is None:
            report.problem('select "%s" not placed: its clip is not in the project' % clean_name(select["name"]))
            continue
        if media_pool.AppendToTimeline([select_clip_info(clip, select, base, inclusive)]):
            report.counts["placed"] += 1
        else:
            report.problem('Resolve did not place the select "%s" (AppendToTimeline returned nothing)' % clean_name(select["name"]))


def apply_handoff(resolve, project, handoff, config, say):
    """Brings one hand-off into the project; returns the report."""
    report = Report(say)
    media_pool = project.GetMediaPool()
    if not media_pool:
        raise SvcError("Resolve did not give the media pool (GetMediaPool returned nothing)")
    root = media_pool.GetRootFolder()
    if not root:
        raise SvcError("Resolve did not give the media pool's root folder (GetRootFolder returned nothing)")
    bin_name = clean_name(handoff["bin"]) or "svc hand-off %d" % handoff["id"]
    index = media_pool_index(root)
    folder = find_or_make_bin(media_pool, root, bin_name, report)
    if not media_pool.SetCurrentFolder(folder):
        raise SvcError('Resolve could not open the bin "%s" (SetCurrentFolder returned False); nothing was imported' % bin_name)
    clips = {}
    for item in handoff["items"]:
        say('- %s' % clean_name(item["name"]))
        clip = bring_item(media_pool, index, item, handoff, config, report)
        if clip is not None:
            clips[item["id"]] = clip
    for skipped in handoff.get("skipped", []):
        say("  item %s was not handed off: %s" % (skipped.get("id"), skipped.get("reason")))
    build_timeline(resolve, project, media_pool, handoff, clips, report)
    return report


def run(resolve, config, say, handoff_id=None, fetch=fetch_handoff):
    """The whole hand-off in the current project; the project is checked before svc marks one done."""
    project = current_project(resolve)
    handoff = fetch(config, handoff_id)
    say('svc_resolve: hand-off %d from %s, %d item%s into "%s" of project "%s"' % (
        handoff["id"], handoff.get("author") or "svc", len(handoff["items"]),
        "" if len(handoff["items"]) == 1 else "s", clean_name(handoff["bin"]), clean_name(project.GetName() or "")))
    report = apply_handoff(resolve, project, handoff, config, say)
    say(report.summary())
    return report


# ---------------------------------------------------------------- entry point


def say(message):
    """Print, even where the console cannot show every character (emoji in a Windows console)."""
    try:
        print(message)
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        print(message.encode(encoding, "backslashreplace").decode(encoding))
    sys.stdout.flush()


def find_resolve(namespace):
    """The Resolve object: the one Resolve injects into its Scripts menu, else its scripting modules."""
    if namespace.get("resolve") is not None:
        return namespace["resolve"]
    bmd = namespace.get("bmd")
    if bmd is not None:
        try:
            found = bmd.scriptapp("Resolve")
        except Exception:
            found = None
        if found:
            return found
    try:
        import DaVinciResolveScript  # noqa: provided by Resolve's Developer/Scripting/Modules

        return DaVinciResolveScript.scriptapp("Resolve")
    except Exception:
        return None


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="svc_resolve", description="Bring svc's hand-off into the open Resolve project.")
    parser.add_argument(
        "--handoff", type=int, metavar="ID", help="take this hand-off again (a retry) instead of the newest pending one"
    )
    parser.add_argument(
        "--config",
        metavar="PATH",
        help="the configuration file (else SVC_RESOLVE_CONFIG, %s beside the script, or the per-user one)" % CONFIG_NAME,
    )
    return parser.parse_args(argv)


def main(argv=None, namespace=None):
    """Exit code 0 when everything went in, 1 on any problem; never a traceback."""
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        namespace = namespace if namespace is not None else globals()
        resolve = find_resolve(namespace)
        if resolve is None:
            raise SvcError("no DaVinci Resolve to talk to: " + FROM_MENU)
        config = load_config(args.config)
        report = run(resolve, config, say, args.handoff)
        return 1 if report.problems else 0
    except SvcError as error:
        say("svc_resolve: " + str(error))
        return 1
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 1
    except KeyboardInterrupt:
        say("svc_resolve: stopped")
        return 1
    except Exception as error:  # the user sees one line, never a traceback
        say("svc_resolve: unexpected %s: %s (please report it with what you ran)" % (type(error).__name__, error))
        return 1


# Resolve runs the script with its `resolve` (and `bmd`) among the globals; a plain import does not.
if __name__ == "__main__" or "resolve" in globals():
    _code = main()
    if _code:
        sys.exit(_code)
