#pragma once
// A folder nobody can write, as a read-only mount or a folder of another user is: mode 0555, and
// for root (whom modes do not stop) the file system's immutable flag. isReadOnly() says whether
// either held, so a test on a file system without the flag skips instead of passing blind. The
// folder is made writable again when the guard goes.

#include <string>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::test {

class ReadOnlyFolder {
public:
    explicit ReadOnlyFolder(std::string path)
        : path_(std::move(path))
    {
        ::chmod(path_.c_str(), 0555);
        if (::access(path_.c_str(), W_OK) == 0)
            isImmutable_ = setImmutable(true);
    }
    ~ReadOnlyFolder()
    {
        if (isImmutable_)
            setImmutable(false);
        ::chmod(path_.c_str(), 0755);
    }
    ReadOnlyFolder(const ReadOnlyFolder&) = delete;
    ReadOnlyFolder& operator=(const ReadOnlyFolder&) = delete;

    bool isReadOnly() const { return ::access(path_.c_str(), W_OK) != 0; }

private:
    bool setImmutable(bool on) const
    {
        const int fd = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
            return false;
        int flags = 0;
        bool done = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
        flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
        done = done && ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
        ::close(fd);
        return done;
    }

    std::string path_;
    bool isImmutable_ = false;
};

} // namespace vigil::test
