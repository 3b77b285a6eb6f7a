"""A stand-in for DaVinci Resolve's scripting object, written from Blackmagic's scripting README.

It implements the documented methods svc_resolve.py uses with their documented argument types,
rejects other types with TypeError (the real API answers a wrong argument with a failure), records
every call, and can be told to make any method return its failure value (None for objects and
lists, False for Bool) to test how the script copes.
"""

import os
import re

STRING = (str,)
NUMBER = (int, float)
MARKER_COLORS = (
    "Blue", "Cyan", "Green", "Yellow", "Red", "Pink", "Purple", "Fuchsia",
    "Rose", "Lavender", "Sky", "Mint", "Lemon", "Sand", "Cocoa", "Cream",
)
RATES = {"23.976": 24000 / 1001, "24": 24.0, "25": 25.0, "29.97": 30000 / 1001, "30": 30.0, "50": 50.0, "59.94": 60000 / 1001, "60": 60.0}


def check(method, value, kinds, what):
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise TypeError("%s: wrong argument %s (%r)" % (method, what, value))


class Resolve(object):
    """The `resolve` object. version: GetVersion()'s [major, minor, patch, build, suffix]."""

    def __init__(self, version=(19, 1, 3, 7, ""), project_name="Harbour cut"):
        self.calls = []
        self.failing = {}
        self.version = list(version)
        self.media_storage = MediaStorage(self)
        self.project_manager = ProjectManager(self, project_name)

    # -- switches and records

    def fail(self, name, when=None):
        """Make `Class.Method` answer its failure value, for every call or those `when(*args)` picks."""
        self.failing[name] = when or (lambda *args: True)

    def called(self, name):
        return [args for method, args in self.calls if method == name]

    def record(self, name, args):
        self.calls.append((name, args))
        when = self.failing.get(name)
        return when is not None and when(*args)

    # -- the documented methods

    def GetProjectManager(self):
        if self.record("Resolve.GetProjectManager", ()):
            return None
        return self.project_manager

    def GetMediaStorage(self):
        if self.record("Resolve.GetMediaStorage", ()):
            return None
        return self.media_storage

    def GetVersion(self):
        if self.record("Resolve.GetVersion", ()):
            return None
        return list(self.version)


class ProjectManager(object):
    def __init__(self, resolve, project_name):
        self.resolve = resolve
        self.project = Project(resolve, project_name) if project_name else None

    def GetCurrentProject(self):
        if self.resolve.record("ProjectManager.GetCurrentProject", ()):
            return None
        return self.project


class Project(object):
    def __init__(self, resolve, name):
        self.resolve = resolve
        self.name = name
        self.media_pool = MediaPool(resolve, self)
        self.timelines = []
        self.current_timeline = None
        self.settings = {"timelineFrameRate": "24", "timelineDropFrameTimecode": "0"}

    def GetName(self):
        self.resolve.record("Project.GetName", ())
        return self.name

    def GetMediaPool(self):
        if self.resolve.record("Project.GetMediaPool", ()):
            return None
        return self.media_pool

    def GetTimelineCount(self):
        self.resolve.record("Project.GetTimelineCount", ())
        return len(self.timelines)

    def GetTimelineByIndex(self, index):
        check("GetTimelineByIndex", index, (int,), "idx")
        if self.resolve.record("Project.GetTimelineByIndex", (index,)) or not 1 <= index <= len(self.timelines):
            return None
        return self.timelines[index - 1]

    def GetCurrentTimeline(self):
        self.resolve.record("Project.GetCurrentTimeline", ())
        return self.current_timeline

    def SetCurrentTimeline(self, timeline):
        if not isinstance(timeline, Timeline):
            raise TypeError("SetCurrentTimeline: wrong argument timeline")
        if self.resolve.record("Project.SetCurrentTimeline", (timeline,)):
            return False
        self.current_timeline = timeline
        return True


class MediaStorage(object):
    def __init__(self, resolve):
        self.resolve = resolve


class Folder(object):
    def __init__(self, resolve, name):
        self.resolve = resolve
        self.name = name
        self.clips = []
        self.subfolders = []

    def GetName(self):
        self.resolve.record("Folder.GetName", ())
        return self.name

    def GetClipList(self):
        if self.resolve.record("Folder.GetClipList", (self.name,)):
            return None
        return list(self.clips)

    def GetSubFolderList(self):
        if self.resolve.record("Folder.GetSubFolderList", (self.name,)):
            return None
        return list(self.subfolders)


class MediaPool(object):
    def __init__(self, resolve, project):
        self.resolve = resolve
        self.project = project
        self.root = Folder(resolve, "Master")
        self.current_folder = self.root
        # What ImportMedia makes; a test swaps in an older Resolve's item.
        self.item_class = MediaPoolItem

    def GetRootFolder(self):
        if self.resolve.record("MediaPool.GetRootFolder", ()):
            return None
        return self.root

    def AddSubFolder(self, folder, name):
        if not isinstance(folder, Folder):
            raise TypeError("AddSubFolder: wrong argument folder")
        check("AddSubFolder", name, STRING, "name")
        if self.resolve.record("MediaPool.AddSubFolder", (folder, name)):
            return None
        sub = Folder(self.resolve, name)
        folder.subfolders.append(sub)
        return sub

    def GetCurrentFolder(self):
        self.resolve.record("MediaPool.GetCurrentFolder", ())
        return self.current_folder

    def SetCurrentFolder(self, folder):
        if not isinstance(folder, Folder):
            raise TypeError("SetCurrentFolder: wrong argument folder")
        if self.resolve.record("MediaPool.SetCurrentFolder", (folder,)):
            return False
        self.current_folder = folder
        return True

    def ImportMedia(self, items):
        if not isinstance(items, list) or not items:
            raise TypeError("ImportMedia: wrong argument, a list of paths or clipInfos")
        if self.resolve.record("MediaPool.ImportMedia", (items,)):
            return None
        made = []
        for entry in items:
            if isinstance(entry, dict):
                made.extend(self.import_sequence(entry))
            else:
                check("ImportMedia", entry, STRING, "path")
                # Resolve imports what exists and leaves the rest out of its answer.
                if os.path.isfile(entry):
                    made.append(self.item_class(self.resolve, entry, os.path.basename(entry)))
        for clip in made:
            self.current_folder.clips.append(clip)
        return made

    def import_sequence(self, info):
        if set(info) != {"FilePath", "StartIndex", "EndIndex"}:
            raise TypeError("ImportMedia: wrong clipInfo keys %s" % sorted(info))
        check("ImportMedia", info["FilePath"], STRING, "FilePath")
        check("ImportMedia", info["StartIndex"], (int,), "StartIndex")
        check("ImportMedia", info["EndIndex"], (int,), "EndIndex")
        pattern = info["FilePath"]
        match = re.search(r"%0(\d+)d", pattern)
        if not match or not os.path.isfile(pattern % info["StartIndex"]):
            return []
        width = int(match.group(1))
        listed = "%s[%s-%s]%s" % (
            pattern[: match.start()], str(info["StartIndex"]).zfill(width), str(info["EndIndex"]).zfill(width), pattern[match.end():],
        )
        return [self.item_class(self.resolve, listed, os.path.basename(listed))]

    def CreateEmptyTimeline(self, name):
        check("CreateEmptyTimeline", name, STRING, "name")
        if self.resolve.record("MediaPool.CreateEmptyTimeline", (name,)):
            return None
        if any(timeline.name == name for timeline in self.project.timelines):
            return None
        timeline = Timeline(self.resolve, name, self.project.settings)
        self.project.timelines.append(timeline)
        return timeline

    def AppendToTimeline(self, clip_infos):
        if not isinstance(clip_infos, list) or not clip_infos:
            raise TypeError("AppendToTimeline: wrong argument, a list of clipInfos")
        for info in clip_infos:
            if not isinstance(info, dict) or not isinstance(info.get("mediaPoolItem"), MediaPoolItem):
                raise TypeError("AppendToTimeline: wrong clipInfo %r" % (info,))
            extra = set(info) - {"mediaPoolItem", "startFrame", "endFrame", "mediaType", "trackIndex", "recordFrame"}
            if extra:
                raise TypeError("AppendToTimeline: unknown clipInfo keys %s" % sorted(extra))
            for key in ("startFrame", "endFrame", "recordFrame"):
                check("AppendToTimeline", info.get(key), NUMBER, key)
            if "trackIndex" in info:
                check("AppendToTimeline", info["trackIndex"], (int,), "trackIndex")
        if self.resolve.record("MediaPool.AppendToTimeline", (clip_infos,)):
            return None
        timeline = self.project.current_timeline
        if timeline is None:
            return []
        inclusive = self.resolve.version[0] < 19
        placed = []
        for info in clip_infos:
            length = info["endFrame"] - info["startFrame"] + (1 if inclusive else 0)
            if length <= 0:
                continue
            item = TimelineItem(info["mediaPoolItem"], info["startFrame"], info["recordFrame"], length)
            timeline.items.append(item)
            placed.append(item)
        return placed


class MediaPoolItem(object):
    def __init__(self, resolve, path, name):
        self.resolve = resolve
        self.properties = {"File Path": path, "Clip Name": name, "Proxy Media Path": ""}
        self.metadata = {}
        self.markers = {}
        self.flags = []
        self.marks = {}

    def GetName(self):
        self.resolve.record("MediaPoolItem.GetName", ())
        return self.properties["Clip Name"]

    def GetClipProperty(self, name=None):
        if name is not None:
            check("GetClipProperty", name, STRING, "propertyName")
        self.resolve.record("MediaPoolItem.GetClipProperty", (name,))
        return dict(self.properties) if name is None else self.properties.get(name, "")

    def GetMetadata(self, name=None):
        if name is not None:
            check("GetMetadata", name, STRING, "metadataType")
        self.resolve.record("MediaPoolItem.GetMetadata", (name,))
        return dict(self.metadata) if name is None else self.metadata.get(name, "")

    def SetMetadata(self, *args):
        if len(args) == 1 and isinstance(args[0], dict):
            fields = args[0]
        elif len(args) == 2:
            fields = {args[0]: args[1]}
        else:
            raise TypeError("SetMetadata: wrong arguments")
        for key, value in fields.items():
            check("SetMetadata", key, STRING, "metadataType")
            check("SetMetadata", value, STRING, "metadataValue")
        if self.resolve.record("MediaPoolItem.SetMetadata", (dict(fields),)):
            return False
        self.metadata.update(fields)
        return True

    def LinkProxyMedia(self, path):
        check("LinkProxyMedia", path, STRING, "proxyMediaFilePath")
        if self.resolve.record("MediaPoolItem.LinkProxyMedia", (path,)) or not os.path.isabs(path):
            return False
        self.properties["Proxy Media Path"] = path
        return True

    def AddMarker(self, frame, color, name, note, duration, custom_data=""):
        check("AddMarker", frame, NUMBER, "frameId")
        check("AddMarker", color, STRING, "color")
        check("AddMarker", name, STRING, "name")
        check("AddMarker", note, STRING, "note")
        check("AddMarker", duration, NUMBER, "duration")
        check("AddMarker", custom_data, STRING, "customData")
        if self.resolve.record("MediaPoolItem.AddMarker", (frame, color, name, note, duration, custom_data)):
            return False
        if color not in MARKER_COLORS or float(frame) in self.markers or duration < 1:
            return False
        self.markers[float(frame)] = {"color": color, "duration": float(duration), "note": note, "name": name, "customData": custom_data}
        return True

    def GetMarkers(self):
        self.resolve.record("MediaPoolItem.GetMarkers", ())
        return dict(self.markers)

    def GetMarkerByCustomData(self, custom_data):
        check("GetMarkerByCustomData", custom_data, STRING, "customData")
        self.resolve.record("MediaPoolItem.GetMarkerByCustomData", (custom_data,))
        for info in self.markers.values():
            if info["customData"] == custom_data:
                return dict(info)
        return {}

    def AddFlag(self, color):
        check("AddFlag", color, STRING, "color")
        if self.resolve.record("MediaPoolItem.AddFlag", (color,)) or color not in MARKER_COLORS:
            return False
        self.flags.append(color)
        return True

    def GetFlagList(self):
        self.resolve.record("MediaPoolItem.GetFlagList", ())
        return list(self.flags)

    def SetMarkInOut(self, mark_in, mark_out, kind="all"):
        check("SetMarkInOut", mark_in, (int,), "in")
        check("SetMarkInOut", mark_out, (int,), "out")
        check("SetMarkInOut", kind, STRING, "type")
        if self.resolve.record("MediaPoolItem.SetMarkInOut", (mark_in, mark_out, kind)) or mark_out < mark_in:
            return False
        for track in ("video", "audio") if kind == "all" else (kind,):
            self.marks[track] = {"in": mark_in, "out": mark_out}
        return True

    def GetMarkInOut(self):
        self.resolve.record("MediaPoolItem.GetMarkInOut", ())
        return dict(self.marks)


class Timeline(object):
    def __init__(self, resolve, name, project_settings):
        self.resolve = resolve
        self.name = name
        self.settings = dict(project_settings)
        self.start_timecode = "01:00:00:00"
        self.items = []

    def GetName(self):
        self.resolve.record("Timeline.GetName", ())
        return self.name

    def SetSetting(self, name, value):
        check("SetSetting", name, STRING, "settingName")
        check("SetSetting", value, STRING, "settingValue")
        if self.resolve.record("Timeline.SetSetting", (name, value)):
            return False
        if name == "timelineFrameRate" and (value not in RATES or self.items):
            return False
        self.settings[name] = value
        return True

    def GetSetting(self, name):
        check("GetSetting", name, STRING, "settingName")
        self.resolve.record("Timeline.GetSetting", (name,))
        return self.settings.get(name, "")

    def SetStartTimecode(self, timecode):
        check("SetStartTimecode", timecode, STRING, "timecode")
        if self.resolve.record("Timeline.SetStartTimecode", (timecode,)) or not re.match(r"^\d\d:\d\d:\d\d[:;]\d\d$", timecode):
            return False
        self.start_timecode = timecode
        return True

    def GetStartTimecode(self):
        self.resolve.record("Timeline.GetStartTimecode", ())
        return self.start_timecode

    def GetStartFrame(self):
        if self.resolve.record("Timeline.GetStartFrame", ()):
            return None
        hours, minutes, seconds, frames = [int(part) for part in re.split(r"[:;]", self.start_timecode)]
        nominal = int(round(RATES.get(self.settings.get("timelineFrameRate"), 24.0)))
        count = ((hours * 60 + minutes) * 60 + seconds) * nominal + frames
        if self.settings.get("timelineDropFrameTimecode") == "1":
            all_minutes = hours * 60 + minutes
            count -= (nominal // 15) * (all_minutes - all_minutes // 10)
        return count

    def GetItemListInTrack(self, kind, index):
        check("GetItemListInTrack", kind, STRING, "trackType")
        check("GetItemListInTrack", index, (int,), "index")
        self.resolve.record("Timeline.GetItemListInTrack", (kind, index))
        return list(self.items)


class TimelineItem(object):
    def __init__(self, clip, source_start, record_start, duration):
        self.clip = clip
        self.source_start = source_start
        self.start = record_start
        self.duration = duration

    def GetMediaPoolItem(self):
        return self.clip

    def GetStart(self):
        return self.start

    def GetDuration(self):
        return self.duration

    def GetEnd(self):
        return self.start + self.duration
