      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),D      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),I      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),I      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),S      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),>      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),A      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),%      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),%      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),%      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),>      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),?      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),>      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),\      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),\      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),A      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),z      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),v      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),v      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),G      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),9      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),+      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),1      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),<      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),S      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),+      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),1      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),1      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),9      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),9      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),1      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),1      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),?      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),H      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),…      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/ {6}path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),#      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),#      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),#      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),#      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),2      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),'      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),A      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),_      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),%      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),4      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),2      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),v      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),v      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),k      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),k      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),w      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),'      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),k      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),*      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),/      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),I      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),I      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),S      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),R      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),|      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),D      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),I      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),!      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),P      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),R      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),?      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),R      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),_      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),%      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),0      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),2      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),_      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),S      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),=      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),G      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),q      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),c      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),$      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),x      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),`      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),{      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),h      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),j      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),L      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),(      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),)      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),u      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),O      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),[      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),f      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),m      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),2      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),-      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),n      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),_      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),g      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),o      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),b      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),.      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),r      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),t      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),e      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),]      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),d      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),i      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),s      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),p      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),l      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),a      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),y      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),:      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),"      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),,      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),       path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),;      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),}      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),