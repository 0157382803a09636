// Network streams are opened only when asked for (MediaSource::networkStream), and a server that
// accepts the connection but never answers ends in a clear timeout, never a hang. The server is a
// socket on 127.0.0.1 that listens and never accepts: the kernel completes the connection.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "core/media/media_log.h"
#include "core/media/video_decoder.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace vigil::media {
namespace {

using Clock = std::chrono::steady_clock;

class SilentServer {
public:
    SilentServer()
        : fd_(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof(address);
        if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), size) != 0
            || ::listen(fd_, 8) != 0
            || ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0)
            return;
        port_ = ntohs(address.sin_port);
    }
    ~SilentServer()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    SilentServer(const SilentServer&) = delete;
    SilentServer& operator=(const SilentServer&) = delete;

    int port() const { return port_; }

private:
    int fd_;
    int port_ = 0;
};

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

TEST(NetworkSource, ServerThatNeverAnswersTimesOutWithAClearError)
{
    setMediaLogLevel(MediaLogLevel::Quiet);
    const SilentServer server;
    ASSERT_NE(server.port(), 0) << "no socket on 127.0.0.1";
    for (const char* scheme : { "http", "rtsp" }) {
        const std::string url
            = std::string(scheme) + "://127.0.0.1:" + std::to_string(server.port()) + "/cam";
        SCOPED_TRACE(url);
        const Clock::time_point start = Clock::now();
        try {
            VideoDecoder decoder(MediaSource::networkStream(url, 1500));
            ADD_FAILURE() << "opened";
        } catch (const MediaError& error) {
            EXPECT_EQ(std::string(error.what()), url + ": no answer within 1.5 s (timed out)");
        }
        EXPECT_LT(secondsSince(start), 5.0);
    }
}

// Schemes are case-insensitive: HTTP:// is opened as http:// (here it reaches the server and
// times out), not accepted and then refused by FFmpeg ("Protocol not found").
TEST(NetworkSource, SchemesAreCaseInsensitive)
{
    setMediaLogLevel(MediaLogLevel::Quiet);
    const SilentServer server;
    ASSERT_NE(server.port(), 0) << "no socket on 127.0.0.1";
    for (const char* scheme : { "HTTP", "Rtsp" }) {
        const std::string url
            = std::string(scheme) + "://127.0.0.1:" + std::to_string(server.port()) + "/cam";
        SCOPED_TRACE(url);
        try {
            VideoDecoder decoder(MediaSource::networkStream(url, 800));
            ADD_FAILURE() << "opened";
        } catch (const MediaError& error) {
            EXPECT_EQ(std::string(error.what()), url + ": no answer within 0.8 s (timed out)");
        }
    }
}

TEST(NetworkSource, CancelEndsABlockingOpen)
{
    const SilentServer server;
    ASSERT_NE(server.port(), 0) << "no socket on 127.0.0.1";
    CancellationToken cancel;
    std::thread canceller([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel.cancel();
    });
    const Clock::time_point start = Clock::now();
    const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/cam";
    EXPECT_THROW(VideoDecoder(MediaSource::networkStream(url, 60000), &cancel), Cancelled);
    EXPECT_LT(secondsSince(start), 5.0);
    canceller.join();
}

TEST(NetworkSource, RefusesUrlsThatAreNotNetworkStreams)
{
    for (const char* url : { "file:/etc/hostname", "/etc/hostname",
             "concat:/etc/hostname|/etc/hostname", "pipe:0", "data:text/plain,hello" }) {
        SCOPED_TRACE(url);
        try {
            VideoDecoder decoder(MediaSource::networkStream(url));
            ADD_FAILURE() << "opened";
        } catch (const MediaError& error) {
            EXPECT_NE(std::string(error.what()).find("not a network URL"), std::string::npos)
                << error.what();
        }
    }
}

} // namespace
} // namespace vigil::media
