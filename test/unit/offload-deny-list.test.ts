import { describe, expect, it } from "vitest";
import { checkDestination } from "../../library/offload/deny-list.js";

const posixContext = { home: "/home/dit", svcHome: "/srv/svc-state" };
const windowsContext = { home: "C:\\Users\\dit", svcHome: "D:\\svc\\state" };

const verdict = (path: unknown, host: NodeJS.Platform = "linux", context = posixContext) => {
  const result = checkDestination(path, context, host);
  return result.ok ? "ok" : result.kind;
};

describe("the offload destination deny-list", () => {
  it.each([
    "/",
    "/etc",
    "/etc/",
    "/etc/cron.d",
    "/usr/local/footage",
    "/bin",
    "/boot/efi",
    "/dev/sda1",
    "/proc/self",
    "/sys/block",
    "/var/lib/svc",
    "/lib64",
    "/opt/app",
    "/System/Library",
    "/Library/LaunchDaemons",
    "/private/etc",
    "/home",
    "/Users",
    "/media",
    "/mnt",
    "/Volumes",
    "/run",
    "/run/user/1000",
    "/tmp/../etc",
    "/mnt/raid/../../etc/ssh",
    "/home/dit",
    "/home/dit/",
    "/home/dit/.ssh",
    "/home/dit/.config/autostart",
    "/home/dit/.local/share",
    "/home/dit/Library/LaunchAgents",
    "/srv/svc-state",
    "/srv/svc-state/offload",
    "/mnt/raid/.svc",
    "/mnt/raid/project/.svc/cache",
  ])("denies the POSIX place %s", (path) => {
    expect(verdict(path)).toBe("denied");
  });

  it.each([
    "C:\\",
    "c:/",
    "C:\\Windows",
    "C:/Windows/System32",
    "c:\\windows\\system32\\drivers",
    "C:\\Program Files\\svc",
    "C:\\Program Files (x86)",
    "C:\\ProgramData\\Microsoft",
    "D:\\System Volume Information",
    "E:\\$Recycle.Bin",
    "C:\\Users",
    "C:\\Users\\dit",
    "C:\\Users\\someone\\",
    "C:\\Users\\dit\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup",
    "C:\\footage\\..\\Windows",
    "\\\\?\\C:\\",
    "\\\\?\\C:\\footage",
    "\\\\?\\UNC\\host\\share",
    "\\\\.\\PhysicalDrive0",
    "\\\\.\\C:",
    "//?/C:/footage",
    "//./pipe/x",
    "\\\\host\\C$",
    "\\\\host\\c$\\footage",
    "\\\\fileserver\\ADMIN$",
    "\\\\fileserver\\IPC$",
    "//host/D$/x",
    "D:\\svc\\state\\offload",
    "E:\\Media\\.svc",
  ])("denies the Windows place %s on any host", (path) => {
    expect(verdict(path, "linux", windowsContext)).toBe("denied");
    expect(verdict(path, "win32", windowsContext)).toBe("denied");
    expect(verdict(path, "darwin", windowsContext)).toBe("denied");
  });

  it.each([
    "/mnt/raid/Day01",
    "/media/dit/SHUTTLE_A/Day01",
    "/run/media/dit/RAID",
    "/Volumes/RAID/Day01",
    "/home/dit/Footage/Day01",
    "/srv/footage",
    "/tmp/offload-test",
  ])("allows the POSIX destination %s", (path) => {
    expect(verdict(path)).toBe("ok");
  });

  it.each(["E:\\Day01", "D:/Media/A001", "C:\\Users\\dit\\Videos\\Day01", "\\\\nas\\footage\\Day01"])(
    "allows the Windows destination %s on Windows, and calls it malformed elsewhere",
    (path) => {
      expect(verdict(path, "win32", windowsContext)).toBe("ok");
      expect(verdict(path, "linux", windowsContext)).toBe("malformed");
    },
  );

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["not a string", 42],
    ["NUL byte", "/mnt/raid/a\0b"],
    ["relative", "footage/day01"],
    ["dot-relative", "./day01"],
    ["drive-relative", "C:footage"],
    ["overlong", `/mnt/${"x".repeat(5000)}`],
  ])("calls a %s destination malformed", (_label, path) => {
    expect(verdict(path)).toBe("malformed");
  });
});
