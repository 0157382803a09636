#pragma once
// Saves a plot rendered with QPainter as a PNG from the command line (vigil eval, vigil train):
// sets up the offscreen QGuiApplication QPainter needs for fonts, then writes atomically.
// Main thread only; throws vigil::IoError naming the file.

#include <QImage>

#include <functional>
#include <string>

namespace vigil::app {

void savePlotPng(const std::string& path, const std::function<QImage()>& render);

} // namespace vigil::app
