import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Opens a file as a spreadsheet program does, with programs that share nothing with the product: LibreOffice reads it
 * (a CSV with its formulas evaluated, as when a user opens it) and saves what it understood as .xlsx, and Python's
 * openpyxl reports each cell of that. They are found like the browser of the browser tests: LIBREOFFICE_PATH or
 * Debian's, and Debian's python3 with python3-openpyxl; run as root on Debian with neither, they are installed (what
 * `.ci/run` does too); otherwise the test fails at once, saying what to install.
 */

export interface SheetCell {
  /** openpyxl's type: "s" text, "n" number, "b" boolean, "d" date, "f" formula. */
  type: string;
  value: string | number | boolean | null;
}

export const NO_SPREADSHEET_TOOLS =
  "No spreadsheet reader for the export tests: install Debian's LibreOffice Calc and openpyxl (apt-get install libreoffice-calc-nogui python3-openpyxl) or set LIBREOFFICE_PATH and SPREADSHEET_PYTHON.";

interface Tools {
  libreoffice: string;
  python: string;
}

function findLibreOffice(): string | undefined {
  if (process.env.LIBREOFFICE_PATH) return process.env.LIBREOFFICE_PATH;
  return ["/usr/bin/libreoffice", "/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice"].find((candidate) =>
    fs.existsSync(candidate),
  );
}

function findPython(): string | undefined {
  // Debian's python3 first: an interpreter of one's own (pyenv) does not see Debian's python3-openpyxl.
  const candidates = [process.env.SPREADSHEET_PYTHON, "/usr/bin/python3", "python3"].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  return candidates.find((candidate) => {
    try {
      execFileSync(candidate, ["-c", "import openpyxl"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  });
}

function findTools(): Tools | undefined {
  const libreoffice = findLibreOffice();
  const python = findPython();
  return libreoffice && python ? { libreoffice, python } : undefined;
}

/** Installs Debian's packages where that can be done without asking: as root, with apt. */
function installDebianTools(): boolean {
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) return false;
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "libreoffice-calc-nogui", "python3-openpyxl"], {
      stdio: "ignore",
      env,
    });
    return true;
  } catch {
    return false;
  }
}

let tools: Tools | undefined;

/** The spreadsheet reader, installed if it can be; throws with what to install when not. */
export function spreadsheetTools(): Tools {
  tools ??= findTools() ?? (installDebianTools() ? findTools() : undefined);
  if (!tools) throw new Error(NO_SPREADSHEET_TOOLS);
  return tools;
}

/** LibreOffice's CSV import: comma, double quotes, UTF-8, from line 1, and formulas evaluated (token 13). */
const CSV_IMPORT = "CSV:44,34,76,1,,0,false,true,false,false,false,-1,true";

const DUMP = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
def plain(value):
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)
print(json.dumps([[[{"type": cell.data_type, "value": plain(cell.value)} for cell in row]
                   for row in sheet.iter_rows()] for sheet in book.worksheets]))
`;

/**
 * The sheets of a file as LibreOffice opens it: per sheet, its rows of cells. Each call has a LibreOffice profile of
 * its own, so that test files running at once do not wait for each other's.
 */
export function openAsSpreadsheet(file: Buffer, format: "csv" | "xlsx"): SheetCell[][][] {
  const { libreoffice, python } = spreadsheetTools();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-sheet-"));
  try {
    // The output keeps the input's name: the input gets a name of its own so the two differ.
    const input = path.join(dir, `opened.${format}`);
    fs.writeFileSync(input, file);
    const output = path.join(dir, "out");
    execFileSync(
      libreoffice,
      [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless",
        "--norestore",
        ...(format === "csv" ? [`--infilter=${CSV_IMPORT}`] : []),
        "--convert-to",
        "xlsx",
        "--outdir",
        output,
        input,
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
    const converted = path.join(output, "opened.xlsx");
    if (!fs.existsSync(converted)) throw new Error(`LibreOffice did not open the ${format} file`);
    return JSON.parse(execFileSync(python, ["-c", DUMP, converted], { encoding: "utf8" })) as SheetCell[][][];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The characters a spreadsheet starts a formula with, at the start of a line. */
export const FORMULA_START = /(^|[\r\n])[=+\-@\t\r]/;
