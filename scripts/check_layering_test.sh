#!/usr/bin/env bash
# The layering check itself must fail on a forbidden include: a tree with one of each kind.
set -euo pipefail
check="$(dirname "$0")/check_layering.py"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/core/analysis" "$tree/ui/main" "$tree/models" "$tree/app"
printf '#include "core/analysis/windows.h"\n#include <vector>\n' > "$tree/core/analysis/ok.cpp"
printf '#include <QWidget>\n' > "$tree/ui/main/ok.cpp"
printf '#include <QApplication>\n#include <QSettings>\n' > "$tree/app/ok.cpp"
python3 "$check" "$tree" > /dev/null || { echo "a clean tree was refused"; exit 1; }
while read -r file include; do
  rm -rf "$tree"/{core,ui,models,app}/*
  mkdir -p "$(dirname "$tree/$file")"
  printf '#include %s\n' "$include" > "$tree/$file"
  if python3 "$check" "$tree" > /dev/null; then
    echo "not caught: $file including $include"
    exit 1
  fi
done <<'CASES'
core/analysis/a.cpp "ui/main/main_window.h"
core/formats/b.cpp "models/model_factory.h"
core/batch/c.cpp <QString>
ui/main/d.cpp "models/model_factory.h"
ui/plots/e.cpp <torch/torch.h>
ui/l.cpp <QWidget>
ui/nowhere/m.cpp <QWidget>
app/n.cpp <QMessageBox>
app/o.cpp <QtWidgets/QFileDialog>
models/f.cpp "ui/timeline/timeline_view.h"
core/analysis/g.cpp <libavformat/avformat.h>
app/h.cpp <curl/curl.h>
core/batch/i.cpp "core/media/detail/av_handles.h"
core/files/j.cpp "core/analysis/windows.h"
core/files/k.h <nlohmann/json.hpp>
CASES
echo "layering check catches each forbidden include"
