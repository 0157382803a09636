#include "app/plot_file.h"

#include "core/common/error.h"
#include "core/files/atomic_file.h"

#include <QBuffer>
#include <QGuiApplication>

#include <cstdio>

namespace vigil::app {

void savePlotPng(const std::string& path, const std::function<QImage()>& render)
{
    // Offscreen, since the CLI may have no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt's own notices (e.g. about XDG_RUNTIME_DIR) mean nothing to a CLI user making a plot.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::fprintf(stderr, "vigil: Qt: %s\n", message.toLocal8Bit().constData());
    });
    int argc = 1;
    char name[] = "vigil";
    char* argv[] = { name, nullptr };
    QGuiApplication application(argc, argv);
    const QImage plot = render();
    files::writeFileAtomically(path, [&](std::ostream& out) {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!plot.save(&buffer, "PNG"))
            throw IoError(path + ": cannot encode the plot as PNG");
        out.write(bytes.constData(), bytes.size());
    });
}

} // namespace vigil::app
