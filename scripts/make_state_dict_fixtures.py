#!/usr/bin/python3
"""Small PyTorch files for the state-dict reader tests (tests/unit/models/state_dict_reader_test.cpp).

Run with Debian's python3 (python3-torch):  /usr/bin/python3 scripts/make_state_dict_fixtures.py
Writes tests/data/state_dicts/*.pth (a few KB in all).

Every value is an arange formula that the C++ test repeats, so no expected-values file is needed:
  sequential.pth  nn.Sequential(Linear(4, 3), BatchNorm1d(3)).state_dict() (an OrderedDict with
                  _metadata): 0.weight = arange(12).view(3, 4) / 4 - 1, 0.bias = arange(3) / 2,
                  1.weight = arange(3) + 1, 1.bias = -arange(3), 1.running_mean = arange(3) / 4,
                  1.running_var = arange(3) + 2, 1.num_batches_tracked = 7 (int64, 0-dim)
  protocol4.pth   the same dict saved with pickle protocol 4 (FRAME, MEMOIZE, STACK_GLOBAL...)
  plain_dict.pth  a plain dict: w = arange(6).view(2, 3), p = Parameter(arange(3) * 2)
  dtypes.pth      f64 = arange(5) / 4 (float64), f16 = arange(4) / 2 (float16),
                  bf16 = arange(3) (bfloat16), i64 = arange(4) * -3, i32 = arange(3) + 100 (int32),
                  u8 = arange(4) * 60 (uint8), b = [True, False, True]
  views.pth       base = arange(12).view(3, 4) saved with views sharing its storage:
                  a = base, b = base[1:], c = base.t(), d = base[:, 1], e = base[:, :0]
  wrapped.pth     {"epoch": 3, "state_dict": OrderedDict(x=arange(2))}
  legacy.pth      {"x": arange(3)} in the pre-1.6 (non-zip) stream format
  scripted.pt     a TorchScript archive of nn.Linear(2, 2)
  compressed.pth  sequential.pth re-zipped with deflate, which torch.save never writes
  no_data_pkl.pth a zip with a version record and no data.pkl
  malicious.pth   a zip whose data.pkl calls os.system (GLOBAL + REDUCE)
legacy.pth and scripted.pt differ from run to run (torch writes object ids into them); the
other files are reproducible byte for byte.
"""
import collections
import io
import os
import zipfile

import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "state_dicts")
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def sequential_state():
    model = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3))
    with torch.no_grad():
        model[0].weight.copy_(torch.arange(12.0).view(3, 4) / 4 - 1)
        model[0].bias.copy_(torch.arange(3.0) / 2)
        model[1].weight.copy_(torch.arange(3.0) + 1)
        model[1].bias.copy_(-torch.arange(3.0))
        model[1].running_mean.copy_(torch.arange(3.0) / 4)
        model[1].running_var.copy_(torch.arange(3.0) + 2)
        model[1].num_batches_tracked.fill_(7)
    return model.state_dict()


def write_zip(path, records, compression=zipfile.ZIP_STORED):
    """records: (name, bytes) pairs, written with fixed times so the files are reproducible."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in records:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = compression
            archive.writestr(info, data)


def main():
    os.makedirs(OUT, exist_ok=True)
    path = lambda name: os.path.join(OUT, name)

    torch.save(sequential_state(), path("sequential.pth"))
    torch.save(sequential_state(), path("protocol4.pth"), pickle_protocol=4)
    torch.save({"w": torch.arange(6.0).view(2, 3), "p": nn.Parameter(torch.arange(3.0) * 2)},
               path("plain_dict.pth"))
    torch.save({
        "f64": torch.arange(5, dtype=torch.float64) / 4,
        "f16": torch.arange(4, dtype=torch.float16) / 2,
        "bf16": torch.arange(3, dtype=torch.bfloat16),
        "i64": torch.arange(4) * -3,
        "i32": torch.arange(3, dtype=torch.int32) + 100,
        "u8": torch.arange(4, dtype=torch.uint8) * 60,
        "b": torch.tensor([True, False, True]),
    }, path("dtypes.pth"))
    base = torch.arange(12.0).view(3, 4)
    torch.save({"a": base, "b": base[1:], "c": base.t(), "d": base[:, 1], "e": base[:, :0]},
               path("views.pth"))
    torch.save({"epoch": 3, "state_dict": collections.OrderedDict(x=torch.arange(2.0))},
               path("wrapped.pth"))
    torch.save({"x": torch.arange(3.0)}, path("legacy.pth"), _use_new_zipfile_serialization=False)
    torch.jit.script(nn.Linear(2, 2)).save(path("scripted.pt"))

    with zipfile.ZipFile(path("sequential.pth")) as archive:
        records = [(name, archive.read(name)) for name in archive.namelist()]
    write_zip(path("compressed.pth"), records, zipfile.ZIP_DEFLATED)
    write_zip(path("no_data_pkl.pth"), [("archive/version", b"3\n"), ("archive/notes", b"hi")])
    evil = b"\x80\x02cos\nsystem\nq\x00X\x0a\x00\x00\x00echo pwnedq\x01\x85q\x02Rq\x03."
    write_zip(path("malicious.pth"), [("archive/data.pkl", evil), ("archive/version", b"3\n")])

    total = sum(os.path.getsize(path(name)) for name in os.listdir(OUT))
    print(f"wrote {len(os.listdir(OUT))} files, {total} bytes, to {OUT}")


if __name__ == "__main__":
    main()
